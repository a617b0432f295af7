import type { ApiResult } from '@portal/request';
import { callEndpoint } from './call-endpoint';
import { adminEndpoints as ep } from './endpoints/admin-endpoints';
import type {
  AcceptInviteRequest,
  AdminMessage,
  AuditListParams,
  AuditPage,
  AuditVerify,
  CreateOrganisationRequest,
  InviteUserRequest,
  ManagedUser,
  ManagedUserList,
  OrganisationNode,
  OrganisationTree,
  UpdateManagedUserRequest,
  UpdateOrganisationRequest,
} from './admin';
import type { UpdateUserAccessRequest } from './user-access';

// User management and audit log calls: URLs, methods and access come from
// ./endpoints/admin-endpoints. Each call resolves with the success body or `{ errorMessage }`.

export const getOrganisationTree = (): Promise<ApiResult<OrganisationTree>> => callEndpoint(ep.getOrganisationTree);

export const createManagedOrganisation = (body: CreateOrganisationRequest): Promise<ApiResult<OrganisationNode>> =>
  callEndpoint(ep.createManagedOrganisation, { body });

export const updateManagedOrganisation = (orgId: string, body: UpdateOrganisationRequest): Promise<ApiResult<OrganisationNode>> =>
  callEndpoint(ep.updateManagedOrganisation, { params: { orgId }, body });

export const deleteManagedOrganisation = (orgId: string): Promise<ApiResult<AdminMessage>> => callEndpoint(ep.deleteManagedOrganisation, { params: { orgId } });

export const listOrganisationUsers = (orgId: string): Promise<ApiResult<ManagedUserList>> => callEndpoint(ep.listOrganisationUsers, { params: { orgId } });

export const inviteOrganisationUser = (orgId: string, body: InviteUserRequest): Promise<ApiResult<ManagedUser>> =>
  callEndpoint(ep.inviteOrganisationUser, { params: { orgId }, body });

export const updateManagedUser = (userId: string, body: UpdateManagedUserRequest): Promise<ApiResult<ManagedUser>> =>
  callEndpoint(ep.updateManagedUser, { params: { userId }, body });

export const updateManagedUserAccess = (userId: string, body: UpdateUserAccessRequest): Promise<ApiResult<ManagedUser>> =>
  callEndpoint(ep.updateManagedUserAccess, { params: { userId }, body });

export const resetManagedUserMfa = (userId: string): Promise<ApiResult<ManagedUser>> => callEndpoint(ep.resetManagedUserMfa, { params: { userId } });

export const listAuditLog = (params: AuditListParams = {}): Promise<ApiResult<AuditPage>> => callEndpoint(ep.listAuditLog, { query: params });

export const verifyAuditLog = (): Promise<ApiResult<AuditVerify>> => callEndpoint(ep.verifyAuditLog);

export const acceptInvitation = (body: AcceptInviteRequest): Promise<ApiResult<AdminMessage>> => callEndpoint(ep.acceptInvitation, { body });
