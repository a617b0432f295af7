// Word lists for generated names and text. Companies are Microsoft's own fictional sample names.
export const ORGANIZATIONS = ['Contoso', 'Fabrikam', 'Northwind Traders', 'Tailspin Toys', 'Woodgrove Bank', 'Adventure Works', 'Litware', 'Proseware', 'Wingtip Toys', 'Alpine Ski House'];

export const FIRST_NAMES = ['Adele', 'Alex', 'Allan', 'Bianca', 'Christie', 'Debra', 'Diego', 'Emily', 'Enrico', 'Grady', 'Henrietta', 'Irvin', 'Isaiah', 'Johanna', 'Joni', 'Lee', 'Lidia', 'Lynne', 'Megan', 'Miriam', 'Nestor', 'Patti', 'Pradeep', 'Raul', 'Sofia', 'Tomas', 'Yuki', 'Zara', 'Omar', 'Priya', 'Kenji', 'Amara', 'Lars', 'Ines', 'Mateo', 'Noor'];
export const LAST_NAMES = ['Vance', 'Wilber', 'Deyoung', 'Pisani', 'Cline', 'Berry', 'Siciliani', 'Braun', 'Campion', 'Archie', 'Cerrato', 'Sink', 'Langer', 'Lauer', 'Sherman', 'Gu', 'Holloway', 'Robbins', 'Bowen', 'Hunter', 'Wilke', 'Fernandez', 'Gupta', 'Mendes', 'Okafor', 'Nakamura', 'Larsen', 'Haddad', 'Kowalski', 'Moreau'];
export const JOB_TITLES = ['Marketing Manager', 'Sales Lead', 'Developer', 'Product Manager', 'Designer', 'Accountant', 'HR Specialist', 'Director', 'Legal Counsel', 'Support Engineer', 'Retail Manager', 'CEO'];
export const DEPARTMENTS = ['Marketing', 'Sales', 'Engineering', 'Finance', 'Human Resources', 'Legal', 'Operations', 'Retail', 'Executive'];

export const TOPICS = ['Budget', 'Roadmap', 'Quarterly review', 'Launch plan', 'Hiring', 'Offsite', 'Customer feedback', 'Contract', 'Invoice', 'Security audit', 'Training', 'Release notes', 'Status report', 'Design review', 'Partner update', 'Travel', 'Onboarding', 'Forecast'];
export const NOUNS = ['project', 'proposal', 'draft', 'timeline', 'deck', 'spreadsheet', 'agreement', 'survey', 'campaign', 'milestone', 'prototype', 'report', 'workshop', 'account', 'pipeline', 'backlog'];
export const ADJECTIVES = ['final', 'revised', 'urgent', 'updated', 'weekly', 'annual', 'preliminary', 'shared', 'internal', 'confidential', 'new', 'approved'];
export const FILLER = ['the', 'team', 'will', 'review', 'next', 'week', 'please', 'share', 'your', 'comments', 'before', 'we', 'finalise', 'numbers', 'for', 'customer', 'meeting', 'thanks', 'agenda', 'attached', 'see', 'notes', 'below', 'and', 'let', 'me', 'know', 'if', 'questions', 'schedule', 'progress', 'on', 'track', 'risk', 'owner', 'deadline', 'scope', 'cost', 'quality', 'action', 'items', 'follow', 'up', 'with', 'vendor', 'after', 'call'];
export const FOLDER_WORDS = ['Projects', 'Finance', 'Marketing', 'Archive', 'Templates', 'Contracts', 'Reports', 'Photos', 'Presentations', 'Drafts', 'Shared', 'Planning', 'Research', 'Legal', 'Training'];
export const GROUP_SUFFIXES = ['Team', 'Projects', 'Hub', 'Leadership', 'Community', 'Operations', 'Programme'];
export const LOCATIONS = ['Conference Room Adams', 'Conference Room Baker', 'Microsoft Teams Meeting', 'Cafeteria', 'Head office', 'Client site', 'Room 4.12'];
export const CHANNEL_NAMES = ['Announcements', 'Design', 'Planning', 'Support', 'Random', 'Sales', 'Engineering'];

export interface FileKind {
  ext: string;
  mimeType: string;
}
export const FILE_KINDS: FileKind[] = [
  { ext: 'docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  { ext: 'xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  { ext: 'pptx', mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  { ext: 'pdf', mimeType: 'application/pdf' },
  { ext: 'txt', mimeType: 'text/plain' },
  { ext: 'csv', mimeType: 'text/csv' },
  { ext: 'png', mimeType: 'image/png' },
];
