import { Route, Routes } from 'react-router';
import type { AppointmentSlots } from './AppointmentDetail';
import AppointmentDetail, { AppointmentSlotsContext } from './AppointmentDetail';
import SchedulePage from './SchedulePage';

const NO_SLOTS: AppointmentSlots = {};

/** /appointments (the schedule) and /appointments/{appointmentId}/* (one appointment and its pages). */
export default function AppointmentsRoutes({ slots = NO_SLOTS }: { slots?: AppointmentSlots }) {
  return (
    <AppointmentSlotsContext.Provider value={slots}>
      <Routes>
        <Route index element={<SchedulePage />} />
        <Route path=":appointmentId/*" element={<AppointmentDetail />} />
      </Routes>
    </AppointmentSlotsContext.Provider>
  );
}
