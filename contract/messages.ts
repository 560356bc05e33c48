/** Messages of the spec that both the server and the browser show, word for word. */

export const TRANSACTIONS_FROZEN = 'Transactions are frozen';
export const PART_REQUIRED = 'Enter or select a part before continuing';
export const PART_NOT_FOUND = 'Part number not found in this project';
export const QUANTITY_REQUIRED = 'Quantity is required';
export const QUANTITY_POSITIVE = 'Quantity must be greater than zero';
export const LOST_FOUND_QUANTITY_POSITIVE = 'Enter a quantity greater than zero';
export const QUANTITY_AT_LEAST_ONE = 'Quantity must be at least 1.';
export const INSUFFICIENT_QUANTITY = 'Insufficient quantity available';
export const ASSIGN_USER_REQUIRED = 'Select a user to assign this part to';
export const EXCEEDS_ASSIGNED = 'Quantity exceeds what the user currently has assigned';
export const LOST_USER_REQUIRED = 'Choose the assigned user the quantity was lost from';
export const FOUND_USER_REQUIRED = 'Choose the user who has the found quantity';
export const PART_NOT_IN_CATALOG = 'Part number not found';
export const PART_NUMBER_TAKEN = 'Part number already exists';
export const PART_NAMES_REQUIRED = 'Part Number and Part Name are required';
export const NEW_PART_NEEDS_NAMES = 'A new part needs a part number, a part name and a nickname';
export const LOW_THRESHOLD_INVALID = 'Low warning threshold must be a non-negative number.';
export const CRITICAL_THRESHOLD_INVALID = 'Critical warning threshold must be a non-negative number.';
export const CRITICAL_ABOVE_LOW = 'The critical warning threshold cannot be above the low warning threshold.';
export const BULK_HEADER_MESSAGE = 'CSV must have headers: Part Number,Part Name,Part Nickname,Quantity';
export const INVALID_CREDENTIALS = 'Invalid email or password';
export const INVALID_CODE = 'Invalid or expired code';
export const INVALID_LINK = 'Invalid or expired invite/reset link';
export const OTP_FIELDS_REQUIRED = 'Please enter both email and code';
