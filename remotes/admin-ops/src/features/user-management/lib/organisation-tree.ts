import type { OrganisationKindName, OrganisationNode } from '@portal/contracts';

export interface TreeItem {
  node: OrganisationNode;
  depth: number;
}

/** Depth-first order of the flat list the API returns, children sorted by name. */
export function flattenTree(organisations: OrganisationNode[], rootId: string): TreeItem[] {
  const children = new Map<string, OrganisationNode[]>();
  for (const node of organisations) {
    if (!node.parentId) continue;
    const list = children.get(node.parentId) ?? [];
    list.push(node);
    children.set(node.parentId, list);
  }
  const root = organisations.find((node) => node.id === rootId);
  if (!root) return [];
  const out: TreeItem[] = [];
  const visit = (node: OrganisationNode, depth: number) => {
    out.push({ node, depth });
    for (const child of (children.get(node.id) ?? []).sort((a, b) => a.name.localeCompare(b.name))) visit(child, depth + 1);
  };
  visit(root, 0);
  return out;
}

export const KIND_LABELS: Record<OrganisationKindName, string> = {
  PROVIDER: 'Provider',
  PARTNER: 'Partner',
  DIRECTPARTNER: 'Direct partner',
  CUSTOMER: 'Customer',
  DIRECTCUSTOMER: 'Direct customer',
};
