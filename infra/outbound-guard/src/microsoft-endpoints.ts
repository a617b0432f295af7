// Microsoft's own endpoints in the global and national clouds (Microsoft Learn, "Microsoft Graph
// national cloud deployments"). Only https on the default port.

/** Graph service roots: what a tenant's Graph base URL may point at. */
export const GRAPH_HOSTS = ['graph.microsoft.com', 'graph.microsoft.us', 'dod-graph.microsoft.us', 'microsoftgraph.chinacloudapi.cn'];

/** Microsoft Entra ID token service roots: what a tenant's authority URL may point at. */
export const SIGNIN_HOSTS = ['login.microsoftonline.com', 'login.microsoftonline.us', 'login.chinacloudapi.cn', 'login.partner.microsoftonline.cn'];

/**
 * Where Graph sends file content: drive-item downloads redirect to, and upload sessions hand out,
 * pre-authenticated URLs on the tenant's SharePoint host. Reached only when Graph names them.
 */
export const CONTENT_HOST_SUFFIXES = ['.sharepoint.com', '.sharepoint.us', '.sharepoint-mil.us', '.sharepoint.cn'];
