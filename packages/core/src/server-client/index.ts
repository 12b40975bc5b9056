export {
  AdminClient,
  type AvailableUser,
  type FileUser,
  type ServerUser,
  type UserFields,
  type UserRole,
} from './admin-client.ts';
export { Http, statusFailure, type Result, type ServerFailure } from './http.ts';
export {
  ServerClient,
  SYNC_FORMAT_VERSION,
  type BootstrapState,
  type KeyInfo,
  type ServerFile,
  type ServerFileInfo,
  type UploadRequest,
} from './server-client.ts';
