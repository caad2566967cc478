// The look of the staff app (SPEC 1): primary and secondary colour on a light grey background,
// small full-width text fields, capitalised buttons.
import { createTheme } from '@mui/material/styles';

export const theme = createTheme({
  palette: {
    primary: { main: '#1f5f8b' },
    secondary: { main: '#e07a2f' },
    background: { default: '#f4f5f7', paper: '#ffffff' },
  },
  shape: { borderRadius: 8 },
  components: {
    MuiTextField: { defaultProps: { size: 'small', fullWidth: true } },
    MuiFormControl: { defaultProps: { size: 'small', fullWidth: true } },
    MuiButton: { styleOverrides: { root: { textTransform: 'capitalize' } } },
  },
});
