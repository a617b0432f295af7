import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LockResetOutlined from '@mui/icons-material/LockResetOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import { useAuth } from '@portal/auth-bridge';
import { USER_ACCESS_LABELS } from '@portal/contracts/labels';
import { profileStore, useReadOnly, useT } from '@portal/ui';
import { useState } from 'react';
import { useStore } from 'zustand';
import { greetingKeyAt } from '../../../lib/greeting';
import { LazyMenu } from './lazy-menu';

type Props = {
  onChangePassword: () => void;
  onLogout: () => void;
};

/** Avatar button and menu: greeting by hour, name, role, Change Password, Logout (spec section 2). */
export function ProfileMenu({ onChangePassword, onLogout }: Props) {
  const t = useT();
  const user = useAuth((s) => s.user);
  const profile = useStore(profileStore, (s) => s.profile);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const firstName = profile?.firstName || user?.firstName || '';
  const lastName = profile?.lastName || user?.lastName || '';
  const name = `${firstName} ${lastName}`.trim() || user?.username || '';
  const initials = (firstName[0] ?? user?.username?.[0] ?? '?').toUpperCase();
  const imageUrl = profile?.profileImageUrl || undefined;
  // The profile answer carries the access level; the session user summary keeps only
  // the spec's fields. The API enforces it; this only tells the user why.
  const readOnly = useReadOnly();
  const close = () => setAnchor(null);

  return (
    <>
      <IconButton
        aria-label={t('shell.openProfileMenu')}
        aria-haspopup="menu"
        aria-controls={anchor ? 'profile-menu' : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <Avatar src={imageUrl} alt={imageUrl ? t('profile.avatarAlt', { name }) : undefined} sx={{ width: 36, height: 36, bgcolor: 'secondary.main' }}>
          {initials}
        </Avatar>
      </IconButton>
      <LazyMenu
        id="profile-menu"
        anchorEl={anchor}
        open={!!anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {/* A list subheader (li, role none): MenuList skips it, so focus starts on the first real item. */}
        <ListSubheader role="none" disableSticky sx={{ px: 2, py: 1.5, minWidth: 240, lineHeight: 'normal', bgcolor: 'transparent', color: 'text.primary' }}>
          <Typography variant="subtitle1">
            {t(greetingKeyAt())},{' '}
            <Box component="span" sx={{ fontWeight: 600 }}>
              {name}
            </Box>
          </Typography>
          <Stack direction="row" spacing={1} alignItems="center">
            <Typography variant="body2" color="text.secondary">
              {user?.role}
            </Typography>
            {readOnly ? <Chip size="small" variant="outlined" label={USER_ACCESS_LABELS['read-only']} /> : null}
          </Stack>
        </ListSubheader>
        <Divider component="li" role="separator" />
        {[
          { label: t('profile.changePassword'), Icon: LockResetOutlined, run: onChangePassword },
          { label: t('profile.logout'), Icon: LogoutOutlined, run: onLogout },
        ].map(({ label, Icon, run }) => (
          <MenuItem
            key={label}
            onClick={() => {
              close();
              run();
            }}
          >
            <ListItemIcon>
              <Icon fontSize="small" aria-hidden="true" />
            </ListItemIcon>
            <ListItemText primary={label} />
          </MenuItem>
        ))}
      </LazyMenu>
    </>
  );
}
