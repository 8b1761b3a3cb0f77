import { Pill } from '../../../components/ui/pill';

/** "Live" or "Demo" beside a position or client: live accounts trade real money. */
export function AccountKind({ kind }: { kind: 'demo' | 'live' }) {
  return <Pill tone={kind === 'live' ? 'info' : 'muted'}>{kind === 'live' ? 'Live' : 'Demo'}</Pill>;
}
