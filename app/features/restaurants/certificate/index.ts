// Certificate: the kashrut certificate's wording, form rules, filter, reminders and the certificates list.
// Its public file: the rest of the wing imports this part only through its index files, never a file inside it.
export { CertificateFacts } from "./components/CertificateFacts";
export { CertificateFieldset } from "./components/CertificateFieldset";
export { CertificateLine } from "./components/CertificateLine";
export { hasValidCertificate } from "./filter";
export {
  DETAILS_NEED_BODY,
  certificateDay,
  certificateFields,
  detailsWithoutBody,
  isCertificateDay,
} from "./form-rules";
export { bodyName } from "./wording-page";
