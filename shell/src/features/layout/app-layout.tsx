import { Outlet } from '@entry/routes';
import { Box, Container } from '@entry/ui';
import { TopBar, TopBarDivider } from './top-bar.tsx';

export const AppLayout = () => (
  <>
    <TopBar />
    <TopBarDivider />
    <Container size="3" px="4" asChild>
      <main>
        <Box py="4">
          <Outlet />
        </Box>
      </main>
    </Container>
  </>
);
