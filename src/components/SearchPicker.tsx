// A searchable picker bound to a Formik field (one id or a list of ids). Options come from the
// server a page at a time as the user types, so long lists (owners, staff) never load whole.
import { useEffect, useMemo, useState } from 'react';
import { useField } from 'formik';
import { useTranslation } from 'next-i18next/pages';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useDebounced } from '@/lib/hooks/useDebounced';

export interface PickerOption {
  id: string;
  label: string;
}

/** One page of matches for the typed text; `more` when the server has further matches. */
export type SearchOptions = (text: string) => Promise<{ options: PickerOption[]; more: boolean }>;

/** How many matches one search asks for. */
export const PICKER_PAGE_SIZE = 20;

export interface SearchPickerProps {
  name: string;
  label: string;
  multiple?: boolean;
  search: SearchOptions;
  /** Names of ids already chosen (loaded with the record), so chosen values show their names. */
  knownNames: ReadonlyMap<string, string>;
  disabled?: boolean;
}

export function SearchPicker({ name, label, multiple = false, search, knownNames, disabled }: SearchPickerProps) {
  const { t } = useTranslation('common');
  const [field, , helpers] = useField<string[] | string | null>(name);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const query = useDebounced(text, 250);
  const [result, setResult] = useState<{ options: PickerOption[]; more: boolean }>({ options: [], more: false });
  const [loading, setLoading] = useState(false);
  // Names of options picked in this session (the record's own names come from knownNames).
  const [picked, setPicked] = useState<ReadonlyMap<string, string>>(new Map());

  useEffect(() => {
    if (!open || disabled) return;
    let current = true;
    setLoading(true);
    search(query)
      .then((next) => {
        if (current) setResult(next);
      })
      .catch(() => {
        if (current) setResult({ options: [], more: false });
      })
      .finally(() => {
        if (current) setLoading(false);
      });
    return () => {
      current = false;
    };
  }, [open, query, search, disabled]);

  const ids = useMemo(() => (Array.isArray(field.value) ? field.value : field.value ? [field.value] : []), [field.value]);
  const unknown = t('picker.unknownPerson');
  const labels = ids.map((id) => knownNames.get(id) ?? picked.get(id) ?? unknown);
  // The Autocomplete resets its typed text whenever its value changes identity, so the chosen
  // options stay the same objects until the ids or their names really change.
  const selectionKey = JSON.stringify([ids, labels]);
  const selected = useMemo(() => {
    const [keyIds, keyLabels] = JSON.parse(selectionKey) as [string[], string[]];
    return keyIds.map((id, index) => ({ id, label: keyLabels[index] }));
  }, [selectionKey]);
  const remember = (options: PickerOption[]) =>
    setPicked((current) => {
      const next = new Map(current);
      for (const option of options) next.set(option.id, option.label);
      return next;
    });
  const helperText = open && result.more ? t('picker.moreMatches', { count: result.options.length }) : undefined;

  const common = {
    id: `field-${name}`,
    size: 'small' as const,
    options: result.options,
    loading,
    disabled,
    open,
    onOpen: () => setOpen(true),
    onClose: () => setOpen(false),
    // The server already filtered by the typed text.
    filterOptions: (options: PickerOption[]) => options,
    getOptionLabel: (option: PickerOption) => option.label,
    isOptionEqualToValue: (a: PickerOption, b: PickerOption) => a.id === b.id,
    onInputChange: (_: unknown, value: string, reason: string) => {
      if (reason === 'input' || reason === 'clear') setText(value);
    },
    noOptionsText: text ? t('picker.noMatches') : t('picker.searchHint'),
    loadingText: t('picker.loadingOptions'),
    renderInput: (params: object) => <TextField {...params} label={label} helperText={helperText} />,
  };

  if (multiple) {
    return (
      <Autocomplete
        {...common}
        multiple
        value={selected}
        onChange={(_, value) => {
          remember(value);
          void helpers.setValue(value.map((option) => option.id));
        }}
        renderValue={(value, getItemProps) => value.map((option, index) => <Chip size="small" label={option.label} {...getItemProps({ index })} key={option.id} />)}
      />
    );
  }
  return (
    <Autocomplete
      {...common}
      value={selected[0] ?? null}
      onChange={(_, value) => {
        if (value) remember([value]);
        void helpers.setValue(value ? value.id : null);
      }}
    />
  );
}
