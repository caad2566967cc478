// Stands in for @mui/material's locale/utils/buildFormatNumber (next.config.js swaps it in): the
// same function, but the Intl.NumberFormat is made on the first number formatted, not when the
// module is evaluated. TablePagination builds one at module load for its default "1–10 of 42"
// label, which our tables replace with translated labels; the first NumberFormat of a page loads
// ICU's number data, ~35 ms of the accommodation list's first load on a phone-speed CPU profile.
const buildFormatNumber = (locale) => {
  let formatter;
  let tried = false;
  return (value) => {
    if (!Number.isFinite(value)) return String(value);
    if (!tried) {
      tried = true;
      try {
        if (typeof Intl !== 'undefined' && Intl.NumberFormat) formatter = new Intl.NumberFormat(locale);
      } catch {
        // fall back to String(), as MUI does
      }
    }
    return formatter ? formatter.format(value) : String(value);
  };
};

module.exports = buildFormatNumber;
module.exports.default = buildFormatNumber;
