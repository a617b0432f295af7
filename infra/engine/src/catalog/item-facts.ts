import type { GraphDriveItem, GraphMessage } from '@portal/graph-connector';

// What a faithful restore needs beyond the stored content, kept with each version (column
// `facts`). A message's MIME carries no reliable read state, flag, categories or delivery time, and
// a file's bytes carry no client-side times; Graph gives these with the item, so the backup keeps
// them as Graph gave them.

export interface MessageFacts {
  isRead: boolean;
  importance: 'low' | 'normal' | 'high';
  categories: string[];
  flagStatus: 'notFlagged' | 'flagged' | 'complete';
  sentDateTime: string | null;
  receivedDateTime: string | null;
}

export interface FileFacts {
  fileSystemInfo: { createdDateTime?: string; lastModifiedDateTime?: string };
}

export type ItemFacts = MessageFacts | FileFacts;

export function messageFacts(message: GraphMessage): MessageFacts {
  return {
    isRead: message.isRead ?? true,
    importance: message.importance ?? 'normal',
    categories: message.categories ?? [],
    flagStatus: message.flag?.flagStatus ?? 'notFlagged',
    sentDateTime: message.sentDateTime ?? null,
    receivedDateTime: message.receivedDateTime ?? null,
  };
}

export function fileFacts(item: GraphDriveItem): FileFacts | null {
  const info = item.fileSystemInfo;
  if (!info?.createdDateTime && !info?.lastModifiedDateTime) return null;
  return { fileSystemInfo: { createdDateTime: info.createdDateTime, lastModifiedDateTime: info.lastModifiedDateTime } };
}

export const isMessageFacts = (facts: ItemFacts | null | undefined): facts is MessageFacts => !!facts && 'isRead' in facts;
export const isFileFacts = (facts: ItemFacts | null | undefined): facts is FileFacts => !!facts && 'fileSystemInfo' in facts;
