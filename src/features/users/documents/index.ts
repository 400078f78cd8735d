// Documents and images of a user (users-and-wallets §2, §5): what the users screens place.
export { AttachmentCard, type AttachmentCardProps } from './AttachmentCard';
export { AvatarUpload, type AvatarUploadProps } from './AvatarUpload';
export { DocumentUploadModal, type DocumentUploadModalProps } from './DocumentUploadModal';
export { ImageLightbox, type ImageLightboxProps, type LightboxImage } from './ImageLightbox';
export { UploadDocumentsButton, type UploadDocumentsButtonProps } from './UploadDocumentsButton';
export { UserAvatarSlot, UserDocumentsSlot } from './UserDocumentsSlot';
export { WebcamCapture, WEBCAM_ERROR, type WebcamCaptureProps } from './WebcamCapture';
export { fileHref } from './file-links';
