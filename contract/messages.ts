/** Messages of the spec that both the server and the browser show, word for word. */

export const TRANSACTIONS_FROZEN = 'Transactions are frozen';
export const PART_REQUIRED = 'Enter or select a part before continuing';
export const PART_NOT_FOUND = 'Part number not found in this project';
export const QUANTITY_REQUIRED = 'Quantity is required';
export const QUANTITY_POSITIVE = 'Quantity must be greater than zero';
export const LOST_FOUND_QUANTITY_POSITIVE = 'Enter a quantity greater than zero';
export const BULK_HEADER_MESSAGE = 'CSV must have headers: Part Number,Part Name,Part Nickname,Quantity';
export const INVALID_CREDENTIALS = 'Invalid email or password';
export const INVALID_CODE = 'Invalid or expired code';
export const INVALID_LINK = 'Invalid or expired invite/reset link';
export const OTP_FIELDS_REQUIRED = 'Please enter both email and code';
