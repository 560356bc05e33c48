/** Messages of the spec that both the server and the browser show, word for word. */

export const TRANSACTIONS_FROZEN = 'Transactions are frozen';
export const PART_REQUIRED = 'Enter or select a part before continuing';
export const PART_NUMBER_REQUIRED = 'Part number is required';
export const PART_NOT_FOUND = 'Part number not found in this project';
export const QUANTITY_REQUIRED = 'Quantity is required';
export const QUANTITY_POSITIVE = 'Quantity must be greater than zero';
export const LOST_FOUND_QUANTITY_POSITIVE = 'Enter a quantity greater than zero';
export const QUANTITY_AT_LEAST_ONE = 'Quantity must be at least 1.';
export const SELECT_PROJECT = 'Select a project';
export const BULK_NOTHING_APPLIED = 'Nothing was applied: some rows were refused';
export const ADMIN_ACCESS_DENIED = 'Access denied. Admin privileges required.';
export const SUPERADMIN_ACCESS_DENIED = 'Access denied. Superadmin privileges required.';
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
export const EMAIL_REQUIRED = 'Email is required';
export const PASSWORD_REQUIRED = 'Password is required';
export const FIRST_NAME_REQUIRED = 'First name is required';
export const LAST_NAME_REQUIRED = 'Last name is required';
export const PROJECT_NAME_REQUIRED = 'Project name is required';
export const PROJECT_NUMBER_REQUIRED = 'Project number is required';
export const INVALID_LINK = 'Invalid or expired invite/reset link';
export const OTP_FIELDS_REQUIRED = 'Please enter both email and code';
export const PROJECT_NOT_FOUND = 'Project not found';
export const USER_NOT_FOUND = 'User not found';
export const NO_PROJECT_ACCESS = 'You do not have access to this project.';
export const MANAGE_PROJECT_DENIED = 'You do not have permission to manage this project.';
export const MANAGER_ONLY = 'Only a project admin or manager can do this.';
export const SIGN_IN_TO_CONTINUE = 'Sign in to continue.';
export const SERVER_FAILED = 'Something went wrong on our side. Please try again.';

/** Two commands on the same records at the same moment, the loser out of retries: it may simply be sent again. */
export const CONCURRENT_CHANGE = 'This record was changed by someone else at the same moment. Please try again.';
