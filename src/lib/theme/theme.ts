// The look of the staff app (SPEC 1): primary and secondary colour on a light grey background,
// small full-width text fields, capitalised buttons.
import { createTheme } from '@mui/material/styles';

export const theme = createTheme({
  palette: {
    primary: { main: '#1f5f8b' },
    secondary: { main: '#e07a2f' },
    // MUI's default warning (#ed6c02) and info (#0288d1) carry white text at 3.1:1 and 3.9:1;
    // these shades reach WCAG AA (5.0:1 and 4.8:1) on filled chips and buttons.
    warning: { main: '#b45309' },
    info: { main: '#0277bd' },
    background: { default: '#f4f5f7', paper: '#ffffff' },
  },
  shape: { borderRadius: 8 },
  components: {
    // Visitors who ask their system for less motion (WCAG 2.3.3) get none: transitions and
    // animations (ripples, spinners, skeleton pulses, the route progress bar) end at once. Not a
    // toast's progress bar: react-toastify times a message's stay on screen by that animation, so
    // it ended at once too and every message vanished as it appeared.
    MuiCssBaseline: {
      styleOverrides: {
        '@media (prefers-reduced-motion: reduce)': {
          '*:not(.Toastify__progress-bar), *::before, *::after': {
            animationDuration: '0.01ms !important',
            animationIterationCount: '1 !important',
            transitionDuration: '0.01ms !important',
            scrollBehavior: 'auto !important',
          },
        },
      },
    },
    MuiTextField: { defaultProps: { size: 'small', fullWidth: true } },
    MuiFormControl: { defaultProps: { size: 'small', fullWidth: true } },
    MuiButton: { styleOverrides: { root: { textTransform: 'capitalize' } } },
  },
});
