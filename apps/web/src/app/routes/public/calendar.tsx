import { InfoPage, infoPageMeta } from '../../../components/info-page';
import { WebinarCalendar } from '../../../features/calendar';

export const meta = () =>
  infoPageMeta('/calendar', 'Pick a webinar date and set yourself a reminder.');

export default function Page() {
  return (
    <InfoPage path="/calendar">
      <p>
        Choose the day of the webinar you want to follow, from today up to a year ahead, then press
        REMIND to see the date of your reminder.
      </p>
      <WebinarCalendar />
    </InfoPage>
  );
}
