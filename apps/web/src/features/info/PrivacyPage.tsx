import { InfoPage } from './InfoPage';

export function PrivacyPage() {
  return (
    <InfoPage title="Privacy Policy">
      <p>We collect only what we need to run the marketplace.</p>
      <h2>What we keep</h2>
      <ul>
        <li>When you offer an item: your name, phone number, email, location, the item's details and photos. Photos are stripped of hidden data such as GPS location.</li>
        <li>When you mark interest: an anonymous random id kept in your browser, so you are counted once.</li>
        <li>Your basket is kept only in your browser.</li>
      </ul>
      <h2>How we use it</h2>
      <p>To review your item and contact you with an offer. We do not sell your details.</p>
      <h2>Your choices</h2>
      <p>Ask us at any partner shop to see or delete the details we hold about you.</p>
    </InfoPage>
  );
}
