/** Calls of the devices screen: GET /api/devices and DELETE /api/devices/:id (revoke). */
import type { Device, DeviceList } from '@bh/shared';
import { api } from '../../lib/api.ts';

export const fetchDevices = async (): Promise<Device[]> => (await api.get<DeviceList>('/api/devices')).items;

export const revokeDevice = (id: string) => api.delete<Device>(`/api/devices/${encodeURIComponent(id)}`);
