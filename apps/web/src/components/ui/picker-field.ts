/** What the app's non-native pickers (country combobox, date field) take from their form. */
export interface PickerFieldProps {
  id?: string;
  /** The field's accessible name (the visible label's text). */
  label: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  describedBy?: string;
  required?: boolean;
  name?: string;
  size?: 'sm' | 'md';
  testId?: string;
}
