import { Loading } from '../render/Loading';

export function PageLoader() {
  return <Loading height="60vh" />;
}
