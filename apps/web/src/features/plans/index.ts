// The plans feature's public surface: the home page's plan cards, and the same cards grouped by
// kind for the portal's packages page.
export { PlanCards } from './components/plan-cards';
export { PlanGroups } from './components/plan-groups';
