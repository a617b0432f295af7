import MenuItem from '@mui/material/MenuItem';
import type { ReactElement, ReactNode } from 'react';

/** A select's options: one MenuItem a value, labelled from a record of labels or a function. */
export function menuItems<V extends string>(values: readonly V[], labels: Readonly<Record<V, ReactNode>> | ((value: V) => ReactNode)): ReactElement[] {
  const labelOf = typeof labels === 'function' ? labels : (value: V) => labels[value];
  return values.map((value) => (
    <MenuItem key={value} value={value}>
      {labelOf(value)}
    </MenuItem>
  ));
}

/** A select's options for records with an id (tenants, sets, objects): the id is the value. */
export function idMenuItems<T extends { id: string }>(items: readonly T[], label: (item: T) => ReactNode): ReactElement[] {
  return items.map((item) => (
    <MenuItem key={item.id} value={item.id}>
      {label(item)}
    </MenuItem>
  ));
}

/** A language select's options: each label is in its own language, so it carries that `lang` (WCAG 3.1.2). */
export function languageMenuItems(languages: readonly { code: string; label: string }[]): ReactElement[] {
  return languages.map((language) => (
    <MenuItem key={language.code} value={language.code} lang={language.code}>
      {language.label}
    </MenuItem>
  ));
}
