import { Avatar, Box, Divider, IconButton, ListItemText, Menu, MenuItem, Typography } from '@mui/material';
import { useAuth } from '@portal/auth-bridge';
import { useState } from 'react';
import { greetingAt } from '../lib/greeting';

type Props = {
  onChangePassword: () => void;
  onLogout: () => void;
};

export function ProfileMenu({ onChangePassword, onLogout }: Props) {
  const user = useAuth((s) => s.user);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const name = user ? `${user.firstName} ${user.lastName}`.trim() || user.username : '';
  const initials = (user?.firstName?.[0] ?? user?.username?.[0] ?? '?').toUpperCase();
  const close = () => setAnchor(null);

  return (
    <>
      <IconButton
        aria-label="Open profile menu"
        aria-haspopup="menu"
        aria-controls={anchor ? 'profile-menu' : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <Avatar sx={{ width: 36, height: 36, bgcolor: 'secondary.main' }}>{initials}</Avatar>
      </IconButton>
      <Menu
        id="profile-menu"
        anchorEl={anchor}
        open={!!anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {/* li + role none: the menu is a <ul role="menu">, whose children must be list items. */}
        <Box component="li" role="none" sx={{ px: 2, py: 1.5, minWidth: 220 }}>
          <Typography variant="subtitle1">
            {greetingAt()},{' '}
            <Box component="span" sx={{ fontWeight: 600 }}>
              {name}
            </Box>
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {user?.role}
          </Typography>
        </Box>
        <Divider component="li" role="separator" />
        <MenuItem
          onClick={() => {
            close();
            onChangePassword();
          }}
        >
          <ListItemText primary="Change Password" />
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            onLogout();
          }}
        >
          <ListItemText primary="Logout" />
        </MenuItem>
      </Menu>
    </>
  );
}
