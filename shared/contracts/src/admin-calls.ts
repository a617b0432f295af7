import { request, type ApiResult } from '@portal/request';
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

// User management and audit log calls (issue 10); paths relative to the API base.

const seg = (value: string): string => encodeURIComponent(value);

export const getOrganisationTree = (): Promise<ApiResult<OrganisationTree>> =>
  request<ApiResult<OrganisationTree>>({ method: 'GET', url: 'admin/organisations' });

export const createManagedOrganisation = (body: CreateOrganisationRequest): Promise<ApiResult<OrganisationNode>> =>
  request<ApiResult<OrganisationNode>>({ method: 'POST', url: 'admin/organisations', data: body });

export const updateManagedOrganisation = (orgId: string, body: UpdateOrganisationRequest): Promise<ApiResult<OrganisationNode>> =>
  request<ApiResult<OrganisationNode>>({ method: 'PATCH', url: `admin/organisations/${seg(orgId)}`, data: body });

export const deleteManagedOrganisation = (orgId: string): Promise<ApiResult<AdminMessage>> =>
  request<ApiResult<AdminMessage>>({ method: 'DELETE', url: `admin/organisations/${seg(orgId)}` });

export const listOrganisationUsers = (orgId: string): Promise<ApiResult<ManagedUserList>> =>
  request<ApiResult<ManagedUserList>>({ method: 'GET', url: `admin/organisations/${seg(orgId)}/users` });

export const inviteOrganisationUser = (orgId: string, body: InviteUserRequest): Promise<ApiResult<ManagedUser>> =>
  request<ApiResult<ManagedUser>>({ method: 'POST', url: `admin/organisations/${seg(orgId)}/users`, data: body });

export const updateManagedUser = (userId: string, body: UpdateManagedUserRequest): Promise<ApiResult<ManagedUser>> =>
  request<ApiResult<ManagedUser>>({ method: 'PATCH', url: `admin/users/${seg(userId)}`, data: body });

export const updateManagedUserAccess = (userId: string, body: UpdateUserAccessRequest): Promise<ApiResult<ManagedUser>> =>
  request<ApiResult<ManagedUser>>({ method: 'PUT', url: `admin/users/${seg(userId)}/access`, data: body });

export const resetManagedUserMfa = (userId: string): Promise<ApiResult<ManagedUser>> =>
  request<ApiResult<ManagedUser>>({ method: 'POST', url: `admin/users/${seg(userId)}/reset-mfa` });

export const listAuditLog = (params: AuditListParams = {}): Promise<ApiResult<AuditPage>> =>
  request<ApiResult<AuditPage>>({ method: 'GET', url: 'admin/audit', params });

export const verifyAuditLog = (): Promise<ApiResult<AuditVerify>> =>
  request<ApiResult<AuditVerify>>({ method: 'GET', url: 'admin/audit/verify' });

export const acceptInvitation = (body: AcceptInviteRequest): Promise<ApiResult<AdminMessage>> =>
  request<ApiResult<AdminMessage>>({ method: 'POST', url: 'api/invitations/accept', data: body });
