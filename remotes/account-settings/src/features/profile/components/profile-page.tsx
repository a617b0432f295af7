import { Avatar, Box, Card, CardContent, Grid, Skeleton, Stack, Typography } from '@mui/material';
import { PageHeader } from '@portal/ui';
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { profileStore } from '@portal/ui';

const FIELDS = [
  ['First name', 'firstName'],
  ['Last name', 'lastName'],
  ['Username', 'username'],
  ['E-mail', 'email'],
  ['Role', 'role'],
  ['Organisation', 'organisationName'],
] as const;

export function ProfilePage() {
  const { profile, error, loading, refresh } = useStore(profileStore);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  return (
    <Box>
      <PageHeader title="Profile" />
      <Card variant="outlined">
        <CardContent>
          {profile ? (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'flex-start' } }}>
              <Avatar src={profile.profileImageUrl ?? undefined} alt={`${profile.firstName} ${profile.lastName}`} sx={{ width: 72, height: 72 }}>
                {profile.firstName?.[0]?.toUpperCase()}
              </Avatar>
              <Grid container spacing={2} component="dl" sx={{ m: 0, flexGrow: 1 }}>
                {FIELDS.map(([label, key]) => (
                  <Grid key={key} size={{ xs: 12, sm: 6 }}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {label}
                    </Typography>
                    <Typography component="dd" sx={{ m: 0 }}>
                      {profile[key] || '—'}
                    </Typography>
                  </Grid>
                ))}
              </Grid>
            </Stack>
          ) : loading ? (
            <Stack spacing={1} aria-busy="true" aria-label="Loading profile">
              <Skeleton width="40%" />
              <Skeleton width="60%" />
              <Skeleton width="50%" />
            </Stack>
          ) : error ? (
            // The server's wording is not shown for profile load failures (spec section 8).
            <Typography color="text.secondary">Profile details are not available right now.</Typography>
          ) : null}
        </CardContent>
      </Card>
    </Box>
  );
}
