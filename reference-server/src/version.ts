/** Interface identity answered by `GET /` and `GET /health`. */
export const API_NAME = 'Customer Project and Funding API';
export const API_ID = 'customer-api-v2';
export const API_VERSION = '2.5.0';
export const API_PREFIX = '/api/v2';
