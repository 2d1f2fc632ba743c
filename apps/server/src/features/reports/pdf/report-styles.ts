import { createRequire } from 'node:module';
import { Font, StyleSheet } from '@react-pdf/renderer';
import type { BandColor } from '@vigil/core';

/**
 * Patient names come in any language, and the PDF's standard Helvetica has only Western European letters
 * (Nguyễn would print as NguyÅn). Helvetica stays the face, and for the letters it lacks the text falls back
 * to Roboto's Latin Extended and Vietnamese files (@fontsource/roboto), embedded. Only those letters: text
 * in an embedded face can read back wrong when copied from react-pdf's files, Helvetica's never does.
 * Without the files, Helvetica alone.
 */
function registerFonts(): string[] {
  const require = createRequire(import.meta.url);
  const subsets = [
    ['Roboto Latin Extended', 'latin-ext'],
    ['Roboto Vietnamese', 'vietnamese'],
  ] as const;
  try {
    const families = subsets.map(([family, subset]) => {
      const file = (weight: number) =>
        require.resolve(`@fontsource/roboto/files/roboto-${subset}-${weight}-normal.woff`);
      return { family, fonts: [{ src: file(400) }, { src: file(700), fontWeight: 700 }] };
    });
    for (const family of families) Font.register(family);
    return ['Helvetica', ...families.map((f) => f.family)];
  } catch {
    return ['Helvetica'];
  }
}

export const fontFamily = registerFonts();

/** The colour bands as the web's tables print them: dark text on a light tint (apps/web list-cells). */
export const bandColors: Record<BandColor, { fg: string; bg: string }> = {
  green: { fg: '#1b5e20', bg: '#e2f3e5' },
  yellow: { fg: '#6d4c00', bg: '#fff1c7' },
  red: { fg: '#b71c1c', bg: '#fde4e4' },
};

export const ink = {
  text: '#1f2328',
  muted: '#5f6b7a',
  rule: '#d0d7de',
  stripe: '#f6f8fa',
  accent: '#1a4d8f',
};

/** Letter, 0.5 inch sides; the running header and footer sit in the top and bottom margins. */
export const pageWidth = 612;
export const sideMargin = 36;
export const contentWidth = pageWidth - 2 * sideMargin;

export const styles = StyleSheet.create({
  page: {
    paddingTop: 64,
    paddingBottom: 52,
    paddingHorizontal: sideMargin,
    fontFamily,
    fontSize: 9.5,
    color: ink.text,
    // No lineHeight here: set on the page, react-pdf drops the absolutely placed footer.
  },
  header: {
    position: 'absolute',
    top: 24,
    left: sideMargin,
    right: sideMargin,
    flexDirection: 'row',
    justifyContent: 'space-between',
    alignItems: 'flex-end',
    paddingBottom: 6,
    borderBottomWidth: 1,
    borderBottomColor: ink.rule,
    fontSize: 8.5,
    color: ink.muted,
  },
  headerClinic: { fontWeight: 700, fontSize: 10, color: ink.accent },
  footer: {
    position: 'absolute',
    bottom: 22,
    left: sideMargin,
    right: sideMargin,
    flexDirection: 'row',
    justifyContent: 'space-between',
    fontSize: 8,
    color: ink.muted,
  },
  title: { fontWeight: 700, fontSize: 18, marginBottom: 2 },
  subtitle: { fontSize: 11, color: ink.muted, marginBottom: 12 },
  section: { marginTop: 14 },
  sectionTitle: {
    fontWeight: 700,
    fontSize: 11,
    marginBottom: 6,
    color: ink.accent,
  },
  infoBox: {
    flexDirection: 'row',
    flexWrap: 'wrap',
    borderWidth: 1,
    borderColor: ink.rule,
    borderRadius: 4,
    paddingVertical: 6,
    paddingHorizontal: 8,
  },
  infoItem: { width: '33.3%', paddingVertical: 3, paddingRight: 6 },
  label: { fontSize: 7.5, color: ink.muted, textTransform: 'uppercase', letterSpacing: 0.4 },
  value: { fontSize: 10, fontWeight: 700 },
  summaryRow: { flexDirection: 'row', gap: 8 },
  // Boxes share the row by their number of figures (set where drawn); a long label wraps in its column.
  summaryGroup: {
    flexBasis: 0,
    borderWidth: 1,
    borderColor: ink.rule,
    borderRadius: 4,
    paddingVertical: 6,
    paddingHorizontal: 8,
  },
  summaryTitle: { fontWeight: 700, fontSize: 9, marginBottom: 4 },
  summaryFigures: { flexDirection: 'row', gap: 6 },
  figure: { flexGrow: 1, flexBasis: 'auto' },
  figureLabel: { fontSize: 7.5, color: ink.muted, marginBottom: 1 },
  table: { borderTopWidth: 1, borderTopColor: ink.rule },
  headRow: {
    flexDirection: 'row',
    backgroundColor: '#eef2f6',
    borderBottomWidth: 1,
    borderBottomColor: ink.rule,
  },
  row: { flexDirection: 'row', borderBottomWidth: 0.5, borderBottomColor: ink.rule, minHeight: 17 },
  stripe: { backgroundColor: ink.stripe },
  headCell: {
    paddingVertical: 4,
    paddingHorizontal: 5,
    fontWeight: 700,
    fontSize: 8.5,
  },
  cell: { paddingVertical: 3, paddingHorizontal: 5, justifyContent: 'center' },
  pill: { paddingHorizontal: 4, paddingVertical: 1, borderRadius: 3, alignSelf: 'flex-start' },
  pillText: { fontWeight: 700 },
  empty: { color: ink.muted, paddingVertical: 4 },
  noteText: { marginBottom: 2 },
  note: {
    borderLeftWidth: 3,
    borderLeftColor: ink.accent,
    backgroundColor: ink.stripe,
    paddingVertical: 6,
    paddingHorizontal: 8,
  },
  noteCaption: { marginTop: 4, fontSize: 8, color: ink.muted },
  legend: { flexDirection: 'row', gap: 14, marginTop: 4, fontSize: 8, color: ink.muted },
  legendItem: { flexDirection: 'row', alignItems: 'center', gap: 4 },
  emptyPage: { marginTop: 200, textAlign: 'center', fontSize: 16, color: ink.muted },
});
