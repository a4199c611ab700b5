// The names of the certificate bodies in both languages, for the Pesach form and section (issue 29).
import type { CertificateBody } from "../../../../database/lifecycle";
import type { Bilingual } from "../../../lib/i18n/language";

export const CERTIFICATE_BODY_NAMES: Record<CertificateBody, Required<Bilingual>> = {
  rabbinate_tel_aviv: { en: "Tel Aviv-Yafo Rabbinate", he: "הרבנות תל אביב-יפו" },
  badatz_eda_haharedit: { en: "Badatz Eda HaCharedit", he: 'בד"ץ העדה החרדית' },
  badatz_beit_yosef: { en: "Badatz Beit Yosef", he: 'בד"ץ בית יוסף' },
  badatz_landau: { en: "Badatz Rabbi Landau", he: 'בד"ץ הרב לנדא' },
  badatz_rubin: { en: "Badatz Rabbi Rubin", he: 'בד"ץ הרב רובין' },
  badatz_machzikei_hadas: { en: "Badatz Machzikei HaDas", he: 'בד"ץ מחזיקי הדת' },
  tzohar: { en: "Tzohar", he: "צהר" },
  private_other: { en: "Another private supervision", he: "השגחה פרטית אחרת" },
  none: { en: "No certificate", he: "ללא תעודה" },
};
