import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import BackupOutlined from '@mui/icons-material/BackupOutlined';
import CircleOutlined from '@mui/icons-material/CircleOutlined';
import ConfirmationNumberOutlined from '@mui/icons-material/ConfirmationNumberOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import DataUsageOutlined from '@mui/icons-material/DataUsageOutlined';
import FeedbackOutlined from '@mui/icons-material/FeedbackOutlined';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import PaletteOutlined from '@mui/icons-material/PaletteOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import RestoreOutlined from '@mui/icons-material/RestoreOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import TimelineOutlined from '@mui/icons-material/TimelineOutlined';
import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import WebhookOutlined from '@mui/icons-material/WebhookOutlined';
import WorkHistoryOutlined from '@mui/icons-material/WorkHistoryOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';

const ICONS: Record<string, ComponentType<SvgIconProps>> = {
  dashboard: DashboardOutlined,
  userManagement: PeopleAltOutlined,
  backup: BackupOutlined,
  restore: RestoreOutlined,
  jobs: WorkHistoryOutlined,
  userActivity: TimelineOutlined,
  alerts: NotificationsActiveOutlined,
  settings: SettingsOutlined,
  profile: AccountCircleOutlined,
  notification: NotificationsNoneOutlined,
  apiKeys: VpnKeyOutlined,
  webhooks: WebhookOutlined,
  usage: DataUsageOutlined,
  whitelabel: PaletteOutlined,
  support: SupportAgentOutlined,
  feedback: FeedbackOutlined,
  raiseTicket: ConfirmationNumberOutlined,
};

/** The icon of a menu entry (decorative: the entry's text names it). */
export function MenuIcon({ id, ...props }: { id: string } & SvgIconProps) {
  const Icon = ICONS[id] ?? CircleOutlined;
  return <Icon fontSize="small" aria-hidden="true" {...props} />;
}
