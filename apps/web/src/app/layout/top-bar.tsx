import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import type { SessionUser } from '@vigil/core';
import { useState } from 'react';
import { NavLink, Link as RouterLink } from 'react-router';
import { BrandMark } from '../../components/brand-mark';
import { paths } from '../../lib/paths';
import { navItems } from './nav-items';
import { UserMenu } from './user-menu';

/** The top bar: product name, the navigation links (a menu on narrow screens) and the user menu. */
export function TopBar({ user }: { user: SessionUser }) {
  const items = navItems(user);
  const [navAnchor, setNavAnchor] = useState<HTMLElement | null>(null);
  return (
    <AppBar position="sticky" color="primary">
      <Toolbar sx={{ gap: { xs: 1, md: 2 }, px: { xs: 1, sm: 2, md: 3 } }}>
        <IconButton
          color="inherit"
          aria-label="open navigation"
          aria-haspopup="menu"
          onClick={(event) => setNavAnchor(event.currentTarget)}
          sx={{ display: { xs: 'inline-flex', md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
        <Menu anchorEl={navAnchor} open={Boolean(navAnchor)} onClose={() => setNavAnchor(null)}>
          {items.map((item) => (
            <MenuItem key={item.to} component={NavLink} to={item.to} onClick={() => setNavAnchor(null)}>
              {item.label}
            </MenuItem>
          ))}
        </Menu>
        <Box
          component={RouterLink}
          to={paths.priorityList}
          sx={{ color: 'inherit', textDecoration: 'none', display: 'flex', mr: { md: 2 } }}
        >
          <BrandMark inverse />
        </Box>
        <Box
          component="nav"
          aria-label="main"
          sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, flexGrow: 1 }}
        >
          {items.map((item) => (
            <Button
              key={item.to}
              component={NavLink}
              to={item.to}
              color="inherit"
              sx={{
                px: 1.5,
                opacity: 0.85,
                '&.active': { opacity: 1, bgcolor: 'primary.dark' },
              }}
            >
              {item.label}
            </Button>
          ))}
        </Box>
        <Box sx={{ flexGrow: { xs: 1, md: 0 } }} />
        <UserMenu user={user} />
      </Toolbar>
    </AppBar>
  );
}
