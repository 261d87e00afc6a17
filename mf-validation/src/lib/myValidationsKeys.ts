/** Browser-storage key of "My validations". */
export const MY_VALIDATIONS_KEY = 'val.myValidations';
/** Browser-storage key of the lab's current result's id (restored with the shell's stored result). */
export const LAB_CURRENT_KEY = 'val.labCurrent';
/** The window event sent when the list changes (this tab). */
export const MY_VALIDATIONS_EVENT = 'val:my-validations';
