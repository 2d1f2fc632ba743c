import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { displayName, menuRoleLabel, type SessionUser } from '@vigil/core';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { userMenuItems } from './nav-items';

function initials(user: SessionUser): string {
  return `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
}

/**
 * The user's name ('Dr.' for physicians) and role label, opening Device Management (care navigators),
 * Account, Security, Logout.
 */
export function UserMenu({ user }: { user: SessionUser }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const name = displayName(user);
  const role = menuRoleLabel(user.role.type);
  const open = Boolean(anchor);
  return (
    <>
      <ButtonBase
        id="user-menu-button"
        aria-haspopup="menu"
        aria-controls={open ? 'user-menu' : undefined}
        aria-expanded={open}
        aria-label={`${name}, ${role}`}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ borderRadius: 2, px: 1, py: 0.5, gap: 1, color: 'inherit', textAlign: 'left' }}
      >
        <Avatar
          src={user.avatar ?? undefined}
          alt=""
          sx={{ width: 36, height: 36, bgcolor: 'primary.dark', fontSize: '0.9rem' }}
        >
          {initials(user)}
        </Avatar>
        <Box sx={{ display: { xs: 'none', lg: 'block' }, lineHeight: 1.2 }}>
          <Typography component="span" sx={{ display: 'block', fontWeight: 500, fontSize: '0.95rem' }}>
            {name}
          </Typography>
          <Typography component="span" sx={{ display: 'block', fontSize: '0.78rem', opacity: 0.85 }}>
            {role}
          </Typography>
        </Box>
        <KeyboardArrowDown fontSize="small" aria-hidden />
      </ButtonBase>
      <Menu
        id="user-menu"
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': 'user-menu-button' } }}
      >
        <Box sx={{ px: 2, py: 1, display: { lg: 'none' } }}>
          <Typography sx={{ fontWeight: 500 }}>{name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {role}
          </Typography>
        </Box>
        {userMenuItems(user).map((item) => (
          <MenuItem key={item.to} component={RouterLink} to={item.to} onClick={() => setAnchor(null)}>
            {item.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
