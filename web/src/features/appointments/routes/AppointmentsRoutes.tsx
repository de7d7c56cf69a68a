import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { AppointmentSlotsContext, type AppointmentSlots } from '../components/appointment-slots';
import SchedulePage from './SchedulePage';

// One appointment's pages (and the edit form they offer) load when first visited, not with the schedule.
const AppointmentDetail = lazy(() => import('./AppointmentDetail'));

const NO_SLOTS: AppointmentSlots = {};

/** /appointments (the schedule) and /appointments/{appointmentId}/* (one appointment and its pages). */
export default function AppointmentsRoutes({ slots = NO_SLOTS }: { slots?: AppointmentSlots }) {
  return (
    <AppointmentSlotsContext.Provider value={slots}>
      <Routes>
        <Route index element={<SchedulePage />} />
        <Route
          path=":appointmentId/*"
          element={
            <Suspense fallback={null}>
              <AppointmentDetail />
            </Suspense>
          }
        />
      </Routes>
    </AppointmentSlotsContext.Provider>
  );
}
