import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import { TRANSITIONS } from '@portal/config';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';

const enter = keyframes`
  from { opacity: 0; transform: translateY(8px); }
  to { opacity: 1; transform: none; }
`;

/** Spec section 2: pages animate on entry (once per route; not for users who ask for reduced motion). */
export function PageTransition({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <Box
      key={pathname}
      data-testid="page-transition"
      sx={{
        animationName: `${enter}`,
        animationDuration: `${TRANSITIONS.enteringScreen}ms`,
        animationTimingFunction: 'ease-out',
        '@media (prefers-reduced-motion: reduce)': { animationName: 'none' },
      }}
    >
      {children}
    </Box>
  );
}
