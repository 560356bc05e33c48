/** The "On this device" page's address, named apart from its screens so the route table loads none of them. */
export const OFFLINE_PATH = '/offline';
