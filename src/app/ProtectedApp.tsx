import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { findScreenRoute } from '../config/routes';
import { TableSourcesProvider } from '../render/table/table-sources';
import { AppScreens } from './AppScreens';
import { FeatureSlots } from './feature-slots';
import { ConfigProvider } from './ConfigProvider';
import { Shell } from './Shell';
import { StepUpDialog } from './StepUpDialog';
import { preloadScreen } from './screen-loaders';
import { tableSources } from './features.gen';
import { useChangeStream } from './useChangeStream';

// The first screen's code starts loading with the shell's, not after the shell's first render.
if (typeof window !== 'undefined') preloadScreen(window.location.pathname);

function useDocumentTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    const route = findScreenRoute(pathname);
    document.title = route ? `${route.title} · Teller` : 'Teller';
  }, [pathname]);
}

export default function ProtectedApp() {
  useDocumentTitle();
  useChangeStream();
  return (
    <ConfigProvider>
      <TableSourcesProvider sources={tableSources}>
        <Shell>
          <FeatureSlots>
            <AppScreens />
          </FeatureSlots>
          <StepUpDialog />
        </Shell>
      </TableSourcesProvider>
    </ConfigProvider>
  );
}
