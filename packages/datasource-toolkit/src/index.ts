export const TOOLKIT_PLACEHOLDER = true;
