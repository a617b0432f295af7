// Form fields shared by the host's and the remotes' forms: a third entry of @portal/ui, shared as a
// singleton of its own. They render MUI's TextField, which imports Select, Menu, Popover and Modal
// (about 20 KB gzip); in the main entry they made every page, sign-in first, load that chain.
export { idMenuItems, languageMenuItems, menuItems } from './form/menu-items';
export { FormTextField } from './form/form-text-field';
export type { FormTextFieldProps } from './form/form-text-field';
export { PasswordField } from './components/password-field';
export type { PasswordFieldProps } from './components/password-field';
