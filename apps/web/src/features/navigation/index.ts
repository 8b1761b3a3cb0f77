// The public header's main navigation.
export { MainNav } from './components/main-nav';
