import { useLocation } from 'react-router';
import { InfoPage, infoPageMeta } from '../../../components/info-page';
import { RiskDisclosure } from '../../../features/legal';

// One module for /risk (About menu) and /risks (footer link): the same disclosure at both.
const description =
  'The risks of trading CFDs with leverage: margin calls, fast markets and technical failures. No plan or product guarantees a profit.';

export const meta = ({ location }: { location: { pathname: string } }) =>
  infoPageMeta(riskPath(location.pathname), description);

function riskPath(pathname: string): '/risk' | '/risks' {
  return pathname.replace(/\/+$/, '') === '/risks' ? '/risks' : '/risk';
}

export default function Page() {
  const { pathname } = useLocation();
  return (
    <InfoPage path={riskPath(pathname)}>
      <RiskDisclosure />
    </InfoPage>
  );
}
