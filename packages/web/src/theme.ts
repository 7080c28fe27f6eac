import { createTheme, Table } from '@mantine/core';

// Calm and dense, like a good accounting tool: system fonts, one primary colour, compact tables.
const systemFonts =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji'";

export const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: 7,
  fontFamily: systemFonts,
  fontFamilyMonospace: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace",
  headings: { fontFamily: systemFonts, fontWeight: '600' },
  defaultRadius: 'sm',
  components: {
    Table: Table.extend({
      defaultProps: {
        fz: 'sm',
        verticalSpacing: 6,
        horizontalSpacing: 'sm',
        striped: true,
        highlightOnHover: true,
      },
    }),
  },
});
