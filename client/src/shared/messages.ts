/**
 * Words that several screens show the same (load failures, empty states, toasts, titles): written
 * once so the screens cannot drift apart. What the server also says lives in contract/ instead.
 */

export const WAREHOUSE_INVENTORY_TITLE = 'Warehouse Inventory';
export const WAREHOUSE_DEACTIVATED = 'This warehouse is deactivated';
export const LOAD_WAREHOUSES_FAILED = 'Failed to load warehouses.';
export const NO_WAREHOUSES_YET = 'There are no warehouses yet.';
export const LIST_USERS_FAILED = 'Failed to list users';
export const FETCH_PROJECTS_FAILED = 'Failed to fetch projects';
export const NO_PROJECTS_AVAILABLE = 'No projects available';
export const FETCH_LOGS_FAILED = 'Failed to fetch logs';
export const LOAD_SETTINGS_FAILED = 'Failed to load settings';
export const NO_PARTS_MATCH = 'No parts match the search';
export const TYPE_TWO_CHARACTERS = 'Type at least 2 characters';
export const MATERIAL_UPDATED = 'Material details updated';
export const UPDATE_MATERIAL_FAILED = 'Failed to update material.';
export const RETURN_ITEM_FAILED = 'Failed to return item';
export const ASSIGN_ITEM_FAILED = 'Failed to assign item';
export const SUBMIT_UPDATE_FAILED = 'Failed to submit update';
export const WAREHOUSE_LOGS_TITLE = 'Warehouse Logs';
export const CREATE_FAILED = 'Create failed';
export const UPDATE_FAILED = 'Update failed';
export const FAILED_TO_UPDATE = 'Failed to update';
export const ASSIGN_FAILED = 'Assign failed';
export const USER_ASSIGNED = 'User assigned';
