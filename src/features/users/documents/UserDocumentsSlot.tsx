// The documents and photo parts of the user details and own profile (src/features/users/slots.ts): the 'Upload
// Documents' button with the attachment card, and the photo with its upload.
import { Group, Stack } from '@mantine/core';
import { userPanelView } from '../details/panel-rules';
import type { UserSlotProps } from '../slots';
import { AttachmentCard } from './AttachmentCard';
import { AvatarUpload } from './AvatarUpload';
import { UploadDocumentsButton } from './UploadDocumentsButton';
import { useConfig } from '../../../config/context';

export function UserDocumentsSlot({ user, onChanged, canUpload }: UserSlotProps & { canUpload: boolean }) {
  return (
    <Stack gap="sm">
      {canUpload && (
        <Group justify="flex-end">
          <UploadDocumentsButton userId={user.id} onUploaded={onChanged} />
        </Group>
      )}
      <AttachmentCard user={user} />
    </Stack>
  );
}

export function UserAvatarSlot({ user, context, onChanged }: UserSlotProps) {
  const { set } = useConfig();
  return (
    <AvatarUpload
      userId={user.id}
      currentUrl={user.photo?.url ?? null}
      name={user.fullname}
      onUploaded={onChanged}
      // users-and-wallets §2: uploads are hidden for the payin tenant type.
      readOnly={!userPanelView(set, context).uploadDocuments}
      self={context.ownProfile}
    />
  );
}
