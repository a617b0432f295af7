import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { getAccountProfile } from '@portal/contracts/calls';
import { accountEndpoints } from '@portal/contracts/endpoints/account';
import { PageHeader, profileStore } from '@portal/ui';
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { PageQueryState } from '../../../components/page-query-state';
import { useUserQuery } from '../../../lib/use-user-query';
import { MfaSection } from './mfa-section';
import { ProfileDetailsForm } from './profile-details-form';
import { ProfilePicture } from './profile-picture';
import { SessionsSection } from './sessions-section';

/**
 * /profile: the shared profile store is refreshed as spec section 4 describes (the shell's profile
 * menu reads it), and the page loads the full, editable profile for its forms.
 */
export function ProfilePage() {
  const refresh = useStore(profileStore, (s) => s.refresh);
  const { query, replace } = useUserQuery(accountEndpoints.getAccountProfile, getAccountProfile);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  return (
    <Box>
      <PageHeader title="Profile" />
      {/* The server's wording is not shown for profile load failures (spec section 8). */}
      <PageQueryState query={query} noun="profile" rows={4} severity="warning" failed={() => 'Profile details are not available right now.'}>
        {(profile) => (
          <Stack spacing={3}>
            <Card variant="outlined">
              <CardHeader title="Your details" slotProps={{ title: { component: 'h2', variant: 'h5' } }} />
              <CardContent>
                <Stack spacing={3}>
                  <ProfilePicture profile={profile} onSaved={replace} />
                  <Divider />
                  <ProfileDetailsForm profile={profile} onSaved={replace} />
                </Stack>
              </CardContent>
            </Card>
            <Card variant="outlined">
              <CardHeader title="Security" slotProps={{ title: { component: 'h2', variant: 'h5' } }} />
              <CardContent>
                <Stack spacing={3} divider={<Divider flexItem />}>
                  <MfaSection profile={profile} onChanged={(mfaMethod) => replace({ ...profile, mfaMethod })} />
                  <SessionsSection userId={profile.userId} />
                </Stack>
              </CardContent>
            </Card>
          </Stack>
        )}
      </PageQueryState>
    </Box>
  );
}
