/** The words of the warehouse screens (spec 02 §5, §8), in one place so tests read the same text. */

export const WAREHOUSE_MESSAGES = {
  selectMaterialToReceive: 'Select a material to receive.',
  quantityAtLeastOne: 'Quantity must be at least 1.',
  newPartFields: 'A new part needs a part number, a part name and a nickname',
  notInCatalog: 'Part number not found. Choose New part to add it to the catalogue.',
  partExists: 'Part number already exists',
  selectMaterialAndQuantity: 'Please select a material and enter a valid quantity',
  newLocationField: 'Please specify at least one location field for the new location',
  locationField: 'Please specify at least one location field',
  sameLocation: 'The new location is where the stock already is',
  selectMaterial: 'Select a material.',
  selectSourceLocation: 'Select the location it is taken from.',
  selectProject: 'Select a project.',
  notInProject: 'This project holds none of that part.',
  nameRequired: 'Warehouse name is required',
  loadWarehousesFailed: 'Failed to load warehouses.',
  assignFailed: 'Assign failed',
  createFailed: 'Create failed',
} as const;

/** "Only 12 at this location" once a quantity passes what the chosen place holds. */
export const onlyAtLocation = (available: number) => `Only ${available.toLocaleString()} at this location`;

/** "Only 7 on hand in this project" once an unassign passes the project's on hand. */
export const onlyInProject = (available: number) => `Only ${available.toLocaleString()} on hand in this project`;
