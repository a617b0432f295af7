import { Alert, Box, Button, Card, CardContent, CardHeader, Divider, Skeleton, Stack } from '@mui/material';
import type { AccountProfile } from '@portal/contracts';
import { getAccountProfile } from '@portal/contracts/calls';
import { PageHeader, profileStore } from '@portal/ui';
import { useCallback, useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { errorOf, messageOf } from '../../../lib/api-result';
import { currentUserId } from '../../../lib/current-user';
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
  const [profile, setProfile] = useState<AccountProfile | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const load = useCallback(async () => {
    const userId = currentUserId();
    if (!userId) {
      setProblem('No signed-in user');
      return;
    }
    setProblem(null);
    try {
      const result = await getAccountProfile(userId);
      const error = errorOf(result);
      if (error) setProblem(error);
      else setProfile(result as AccountProfile);
    } catch (error) {
      setProblem(messageOf(error));
    }
  }, []);

  useEffect(() => {
    void refresh();
    void load();
  }, [refresh, load]);

  return (
    <Box>
      <PageHeader title="Profile" />
      {profile ? (
        <Stack spacing={3}>
          <Card variant="outlined">
            <CardHeader title="Your details" slotProps={{ title: { component: 'h2', variant: 'h5' } }} />
            <CardContent>
              <Stack spacing={3}>
                <ProfilePicture profile={profile} onSaved={setProfile} />
                <Divider />
                <ProfileDetailsForm profile={profile} onSaved={setProfile} />
              </Stack>
            </CardContent>
          </Card>
          <Card variant="outlined">
            <CardHeader title="Security" slotProps={{ title: { component: 'h2', variant: 'h5' } }} />
            <CardContent>
              <Stack spacing={3} divider={<Divider flexItem />}>
                <MfaSection profile={profile} onChanged={(mfaMethod) => setProfile({ ...profile, mfaMethod })} />
                <SessionsSection userId={profile.userId} />
              </Stack>
            </CardContent>
          </Card>
        </Stack>
      ) : problem ? (
        // The server's wording is not shown for profile load failures (spec section 8).
        <Alert severity="warning" action={<Button onClick={() => void load()}>Retry</Button>}>
          Profile details are not available right now.
        </Alert>
      ) : (
        <Card variant="outlined">
          <CardContent>
            <Stack spacing={1} aria-busy="true" aria-label="Loading profile">
              <Skeleton variant="circular" width={88} height={88} />
              <Skeleton width="40%" />
              <Skeleton width="60%" />
              <Skeleton width="50%" />
            </Stack>
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
