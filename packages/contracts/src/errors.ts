/**
 * The error catalogue of spec 8. Every failure the API answers is `{errorCode, errorArgs}` with one of these
 * codes; the web shows `t('error.' + code.replaceAll('.', '_'), args)`. Texts use `{{0}}`, `{{1}}` for args.
 */
type Entry = { status: number; id: string; en: string };

const e = (status: number, id: string, en: string): Entry => ({ status, id, en });

const auth = {
  Unauthorized: e(401, 'Token tidak valid', 'Token invalid'),
  invalid_username_or_password: e(401, 'Nama pengguna atau kata sandi salah', 'Invalid username or password'),
  username_not_found: e(404, 'Nama pengguna {{0}} tidak ditemukan', 'Username {{0}} not found'),
  user_password_not_match_attempts: e(401, 'Nama pengguna atau kata sandi salah. Sisa percobaan: {{0}}', 'Wrong username or password. Attempts left: {{0}}'),
  user_login_throttled: e(429, 'Terlalu banyak percobaan masuk. Coba lagi dalam {{0}} detik.', 'Too many sign-in attempts. Try again in {{0}} seconds.'),
  user_inactive_or_banned: e(403, 'Pengguna tidak aktif atau diblokir', 'User is inactive or banned'),
  old_password_incorrect: e(422, 'Kata sandi lama salah', 'Old password is incorrect'),
  username_already_exists: e(409, 'Nama pengguna {{0}} sudah digunakan', 'Username {{0}} already exists'),
  user_not_found: e(404, 'Pengguna tidak ditemukan', 'User not found'),
  role_not_found: e(404, 'Peran tidak ditemukan', 'Role not found'),
  forbidden_action: e(
    403,
    'Anda tidak memiliki izin untuk mengakses sumber daya di {{0}}. Periksa hak akses Anda dan coba lagi.',
    'You do not have permission to access the resource at {{0}}. Please check your access rights and try again.',
  ),
  'super-admin-only': e(403, 'Hanya Super Admin yang dapat melakukan tindakan ini', 'Only a Super Admin can do this'),
  task_not_held: e(403, 'Anda tidak dapat memberikan tugas yang tidak Anda miliki sendiri: {{0}}', 'You cannot grant tasks you do not hold yourself: {{0}}'),
  cannot_raise_own_rights: e(403, 'Anda tidak dapat menambah hak akses Anda sendiri', 'You cannot raise your own access rights'),
  'role-has-users': e(409, 'Peran masih digunakan oleh pengguna', 'The role still has users'),
  'role-has-user-roles': e(409, 'Peran masih tertaut ke pengguna', 'The role still has user-role links'),
  'session-expired': e(401, 'Sesi Login Berakhir, Silakan Login Kembali Untuk Melanjutkan.', 'Login Session Expired, Please Login Again To Continue.'),
  tenant_not_found: e(404, 'Tenant {{0}} tidak ditemukan', 'Tenant {{0}} not found'),
  identity_header_mismatch: e(403, 'Header {{0}} tidak sesuai dengan sesi', 'Header {{0}} does not match the session'),
  session_key_invalid: e(401, 'Sesi atau kunci tidak valid atau sudah digunakan', 'Session or key is invalid or already used'),
  password_too_short: e(422, 'Kata sandi minimal {{0}} karakter', 'The password must be at least {{0}} characters'),
  password_needs_lower: e(422, 'Kata sandi harus memuat huruf kecil', 'The password must contain a lower-case letter'),
  password_needs_upper: e(422, 'Kata sandi harus memuat huruf besar', 'The password must contain an upper-case letter'),
  password_needs_digit: e(422, 'Kata sandi harus memuat angka', 'The password must contain a digit'),
  password_needs_symbol: e(422, 'Kata sandi harus memuat simbol', 'The password must contain a symbol'),
  password_too_common: e(
    422,
    'Kata sandi ini termasuk yang paling sering dipakai atau pernah bocor; pilih kata sandi lain',
    'This password is among the most used or leaked ones; choose another password',
  ),
  password_mismatch: e(422, 'Kata sandi tidak sama', 'Passwords do not match'),
  cannot_change_own_account: e(422, 'Anda tidak dapat menonaktifkan atau menghapus akun Anda sendiri', 'You cannot deactivate or delete your own account'),
  role_name_already_exists: e(409, 'Nama peran {{0}} sudah digunakan', 'Role name {{0}} already exists'),
  role_discount_range_invalid: e(422, 'Batas diskon minimum tidak boleh melebihi maksimum', 'The minimum discount limit cannot exceed the maximum'),
  role_default_page_invalid: e(422, 'Halaman awal {{0}} tidak dikenal', 'Default page {{0}} is not a known page'),
  redirect_credential_invalid: e(
    401,
    'Tautan masuk otomatis tidak valid, kedaluwarsa, atau sudah digunakan',
    'The automatic sign-in link is invalid, expired or already used',
  ),
} as const;

const general = {
  connection_timeout: e(504, 'Koneksi ke server habis waktu', 'Connection to the server timed out'),
  no_internet_connection: e(503, 'Gagal terhubung ke server, periksa koneksi Anda', 'Failed connect to server, please check your connection'),
  'failed-to-fetch': e(503, 'Gagal terhubung ke server, periksa koneksi Anda', 'Failed connect to server, please check your connection'),
  http_error: e(502, 'Terjadi kesalahan HTTP ({{0}})', 'HTTP error ({{0}})'),
  outbound_address_not_allowed: e(
    422,
    'Alamat {{0}} tidak diizinkan: server tidak menghubungi alamat lokal atau jaringan internal kecuali administrator mengizinkannya',
    'The address {{0}} is not allowed: the server does not call local or internal network addresses unless its administrator allows them',
  ),
  unexpected_error: e(500, 'Terjadi kesalahan tak terduga. Kode permintaan: {{0}}', 'An unexpected error occurred. Request id: {{0}}'),
  param_not_found: e(404, 'Data {{0}} tidak ditemukan', '{{0}} not found'),
  not_found: e(404, 'Alamat {{0}} tidak ditemukan', 'Address {{0}} not found'),
  value_cannot_null: e(400, '{{0}} tidak boleh kosong', '{{0}} cannot be empty'),
  invalid_input_format: e(400, 'Format {{0}} tidak valid: {{1}}', 'Invalid format of {{0}}: {{1}}'),
  websocket_required: e(400, 'Alamat ini hanya menerima koneksi WebSocket', 'This address accepts WebSocket connections only'),
  payload_too_large: e(413, 'Data yang dikirim terlalu besar', 'The data sent is too large'),
  unsupported_media_type: e(415, 'Jenis konten {{0}} tidak didukung', 'Content type {{0}} is not supported'),
  too_many_requests: e(429, 'Terlalu banyak permintaan, coba lagi sebentar lagi', 'Too many requests, please try again shortly'),
  /** What one tenant may store (issue 23: apps/server/src/platform/limits); stricter on a free trial. */
  dataset_row_limit_reached: e(
    422,
    'Dataset sudah mencapai batas {{0}} baris; tidak ada baris yang disimpan',
    'The dataset has reached its limit of {{0}} rows; no rows were saved',
  ),
  tenant_dataset_limit_reached: e(
    422,
    'Akun ini sudah mencapai batas {{0}} dataset; hapus dataset yang tidak dipakai lagi',
    'This account has reached its limit of {{0}} datasets; delete one that is no longer used',
  ),
  tenant_storage_limit_reached: e(
    422,
    'Penyimpanan akun ini sudah mencapai batas {{0}} baris data; tidak ada baris yang disimpan',
    "This account's storage has reached its limit of {{0}} rows of data; no rows were saved",
  ),
  import_row_limit_reached: e(
    422,
    'Berkas melebihi batas {{0}} baris per impor; tidak ada yang disimpan. Bagi berkas menjadi beberapa bagian',
    'The file exceeds the limit of {{0}} rows per import; nothing was saved. Split it into several files',
  ),
  import_bytes_limit_reached: e(
    413,
    'Berkas melebihi batas {{0}} MB per impor; bagi berkas menjadi beberapa bagian',
    'The file exceeds the limit of {{0}} MB per import; split it into several files',
  ),
  new_version_data_available_please_reload: e(
    409,
    'Data telah diubah oleh orang lain, muat ulang halaman',
    'A newer version of the data is available, please reload',
  ),
  cannot_find_service_name: e(404, 'Layanan {{0}} tidak ditemukan', 'Cannot find service name {{0}}'),
  processing_error: e(422, 'Terjadi kesalahan, periksa dan perbaiki data.', 'There was an error, please check and fix the data.'),
  used_by_another_table: e(409, 'Data masih digunakan oleh {{0}}', 'The record is still used by {{0}}'),
  pdf_copy_failed: e(500, 'Gagal menyalin PDF', 'PDF copy failed'),
  // The limits of reading an uploaded file (platform/files/worker-runner.ts): what a file unpacks to, its pages, the
  // memory and time reading it may take.
  file_too_large_expanded: e(
    413,
    'Isi berkas terlalu besar setelah dibuka (lebih dari {{0}} MB), atau dipadatkan secara tidak wajar. Pecah menjadi beberapa berkas yang lebih kecil',
    'The file unpacks to more than {{0}} MB, or is packed unusually tightly. Split it into smaller files',
  ),
  file_too_many_pages: e(
    413,
    'PDF ini memiliki {{0}} halaman, paling banyak {{1}}. Pecah menjadi beberapa berkas',
    'This PDF has {{0}} pages, at most {{1}}. Split it into smaller files',
  ),
  file_too_complex: e(
    422,
    'Berkas ini terlalu rumit untuk dibaca (memori habis saat membacanya). Simpan ulang atau pecah menjadi beberapa berkas',
    'This file is too complex to read (reading it ran out of memory). Save it again or split it into smaller files',
  ),
  file_parse_timeout: e(
    422,
    'Membaca berkas ini memakan waktu lebih dari {{0}} detik, jadi dihentikan. Simpan ulang atau pecah menjadi beberapa berkas',
    'Reading this file took more than {{0}} seconds, so it was stopped. Save it again or split it into smaller files',
  ),
} as const;

const ai = {
  ai_generated_query_invalid: e(422, 'Kueri yang dihasilkan AI tidak valid', 'The AI-generated query is invalid'),
  // {{0}}: what the provider answered, in its own words (status and message, or the timeout).
  ai_response_failed: e(502, 'AI gagal menjawab ({{0}}), coba prompt yang berbeda', 'The AI failed to answer ({{0}}), try a different prompt'),
  ai_settings_key_for_new_address: e(
    422,
    'Alamat penyedia AI berubah: masukkan lagi API key-nya. Kunci yang tersimpan hanya dikirim ke alamat tempat kunci itu disimpan.',
    'The AI provider address changed: enter its API key again. The saved key is only ever sent to the address it was saved for.',
  ),
  ai_settings_incomplete: e(
    422,
    'Pengaturan AI belum lengkap: {{0}} wajib diisi untuk penyedia yang kompatibel dengan OpenAI',
    'The AI settings are incomplete: {{0}} is required for an OpenAI-compatible provider',
  ),
  ai_price_model_duplicate: e(422, 'Harga model {{0}} tercantum lebih dari sekali', 'The price of model {{0}} is listed more than once'),
  fine_tunning_not_exists: e(404, 'Fine tuning belum ada', 'Fine tuning does not exist'),
  channel_cannot_be_active_without_attributes: e(422, 'Kanal tidak dapat diaktifkan tanpa atribut', 'A channel cannot be active without attributes'),
  process_cannot_be_requested: e(409, 'Proses tidak dapat diminta saat ini', 'The process cannot be requested now'),
  insufficient_quota: e(422, 'Anda telah mencapai batas kuota pembuatan gambar.', 'You have reached the quota limit for generating images.'),
  'copy.limit.exceeded': e(422, 'Batas salin prompt telah tercapai', 'The prompt copy limit has been reached'),
  free_trial_limit_reached: e(
    402,
    'Batas {{0}} transaksi gratis telah tercapai, silakan pilih paket',
    'The free limit of {{0}} transactions has been reached, please choose a package',
  ),
} as const;

/** The customer-service chatbot (issue 12): clients, datasets, intents, training, conversations. */
const service = {
  service_client_not_found: e(404, 'Klien {{0}} tidak ditemukan', 'Client {{0}} not found'),
  service_client_code_already_exists: e(409, 'Kode klien {{0}} sudah digunakan', 'Client code {{0}} already exists'),
  service_dataset_not_found: e(404, 'Dataset {{0}} tidak ditemukan', 'Dataset {{0}} not found'),
  service_dataset_name_already_exists: e(409, 'Nama dataset {{0}} sudah digunakan oleh klien ini', 'This client already has a dataset named {{0}}'),
  service_dataset_attribute_duplicate: e(422, 'Atribut {{0}} tercantum lebih dari sekali', 'Attribute {{0}} is listed more than once'),
  service_channel_not_found: e(404, 'Kanal {{0}} tidak ditemukan', 'Channel {{0}} not found'),
  service_channel_attribute_unknown: e(422, 'Kanal {{0}} tidak memiliki atribut {{1}}', 'A {{0}} channel has no attribute {{1}}'),
  service_channel_token_for_new_address: e(
    422,
    '{{0}} berubah: masukkan lagi {{1}}. Token yang tersimpan hanya dikirim ke alamat tempat token itu disimpan.',
    '{{0}} changed: enter {{1}} again. The saved token is only ever sent to the address it was saved for.',
  ),
  service_channel_webhook_failed: e(502, 'Platform kanal menolak pengaturan webhook: {{0}}', 'The channel platform refused the webhook set-up: {{0}}'),
  service_item_not_found: e(404, 'Item {{0}} tidak ditemukan', 'Item {{0}} not found'),
  service_item_attribute_unknown: e(422, 'Atribut {{0}} tidak ada di dataset ini', 'The dataset has no attribute {{0}}'),
  service_item_value_not_number: e(422, 'Nilai "{{1}}" pada atribut {{0}} harus berupa angka', 'The value "{{1}}" of attribute {{0}} must be a number'),
  service_item_empty: e(422, 'Item harus berisi setidaknya satu nilai', 'An item needs at least one value'),
  service_intent_not_found: e(404, 'Intent {{0}} tidak ditemukan', 'Intent {{0}} not found'),
  service_intent_name_already_exists: e(409, 'Intent {{0}} sudah ada pada klien ini', 'This client already has an intent named {{0}}'),
  service_phrase_not_found: e(404, 'Frasa latihan {{0}} tidak ditemukan', 'Training phrase {{0}} not found'),
  service_phrase_duplicate: e(409, 'Frasa "{{0}}" sudah ada pada intent ini', 'The intent already has the phrase "{{0}}"'),
  service_setup_dataset_empty: e(422, 'Klien {{0}} belum memiliki item dataset untuk menjawab', 'Client {{0}} has no dataset items to answer from yet'),
  service_training_too_few_intents: e(
    422,
    'Pelatihan memerlukan setidaknya dua intent yang masing-masing memiliki frasa latihan (ada {{0}})',
    'Training needs at least two intents with training phrases each (there are {{0}})',
  ),
  service_fine_tune_set_empty: e(
    422,
    'Set latihan klien {{0}} belum memiliki contoh percakapan (intent dengan teks jawaban atau koreksi petugas)',
    "The training set of client {{0}} has no chat examples yet (intents with an answer text or agents' corrections)",
  ),
  service_model_not_trained: e(409, 'Klasifikasi intent klien {{0}} belum dilatih', 'The intent classifier of client {{0}} has not been trained yet'),
  service_widget_messages_throttled: e(
    429,
    'Terlalu banyak pesan. Tunggu {{0}} detik, lalu coba lagi.',
    'Too many messages. Please wait {{0}} seconds and try again.',
  ),
  service_widget_conversations_throttled: e(
    429,
    'Terlalu banyak percakapan baru dari jaringan Anda. Coba lagi dalam {{0}} detik.',
    'Too many new conversations from your network. Please try again in {{0}} seconds.',
  ),
  service_conversation_not_found: e(404, 'Percakapan {{0}} tidak ditemukan', 'Conversation {{0}} not found'),
  service_conversation_already_claimed: e(409, 'Percakapan {{0}} sudah diambil petugas lain', 'Conversation {{0}} was already taken by another agent'),
  service_conversation_not_yours: e(409, 'Percakapan {{0}} tidak sedang Anda tangani', 'You are not handling conversation {{0}}'),
  service_not_an_agent: e(403, 'Anda bukan petugas CS klien {{0}}', 'You are not a CS agent of client {{0}}'),
  service_agent_chat_limit_reached: e(
    409,
    'Anda sudah menangani {{0}} percakapan, batas maksimum',
    'You are already handling {{0}} conversations, the maximum',
  ),
  service_working_hours_empty: e(
    422,
    'Jam kerja {{0}}–{{0}}: jam mulai dan selesai sama. Untuk 24 jam pilih 00:00–00:00',
    'Working hours {{0}}–{{0}}: the start and the end are the same. For all day choose 00:00–00:00',
  ),
  service_intent_answer_conflict: e(
    422,
    'Intent {{0}} sudah mendapat jawaban lain di baris {{1}}: tulis satu jawaban per intent',
    'Intent {{0}} already got a different answer on row {{1}}: write one answer per intent',
  ),
  service_outside_working_hours: e(409, 'Di luar jam kerja CS klien {{0}}', 'Outside the CS working hours of client {{0}}'),
  service_user_not_cs_agent: e(422, 'Pengguna {{0}} tidak ada atau perannya bukan peran CS', 'User {{0}} does not exist or does not have a CS role'),
  service_agent_not_found: e(404, 'Petugas CS {{0}} tidak ditemukan', 'CS agent {{0}} not found'),
  service_label_not_found: e(404, 'Label {{0}} tidak ditemukan', 'Label {{0}} not found'),
  service_label_name_taken: e(409, 'Label {{0}} sudah ada', 'The label {{0}} already exists'),
  service_canned_reply_not_found: e(404, 'Balasan cepat {{0}} tidak ditemukan', 'Canned reply {{0}} not found'),
  service_canned_reply_code_taken: e(409, 'Kode balasan cepat /{{0}} sudah digunakan', 'The canned reply code /{{0}} is already used'),
  service_transfer_target_not_agent: e(422, 'Pengguna {{0}} bukan petugas CS aktif klien {{1}}', 'User {{0}} is not an active CS agent of client {{1}}'),
  service_transfer_to_self: e(422, 'Percakapan ini sudah Anda tangani', 'You are already handling this conversation'),
  service_transfer_target_limit_reached: e(
    409,
    '{{0}} sudah menangani {{1}} percakapan, batas maksimum',
    '{{0}} is already handling {{1}} conversations, the maximum',
  ),
} as const;

/** The AI sales analysis (issue 13): datasets and questions. */
const analysis = {
  analysis_question_not_understood: e(
    422,
    'Pertanyaan belum dapat dipahami. Coba sebut kolom atau angka yang ingin dilihat, misalnya "total penjualan per cabang bulan lalu"',
    'The question was not understood. Try naming the column or figure you want, for example "total sales by branch last month"',
  ),
  analysis_request_refused: e(
    422,
    'Permintaan ditolak: analisis hanya membaca dataset ini dan tidak pernah mengubah, menghapus, atau membaca data lain',
    'Request refused: the analysis only reads this dataset and never changes, deletes or reads any other data',
  ),
  analysis_dataset_not_found: e(404, 'Dataset {{0}} tidak ditemukan', 'Dataset {{0}} not found'),
  analysis_conversation_not_found: e(404, 'Percakapan {{0}} tidak ditemukan untuk dataset ini', 'Conversation {{0}} was not found for this dataset'),
  analysis_column_not_found: e(404, 'Kolom {{0}} tidak ditemukan di dataset ini', 'Column {{0}} was not found in this dataset'),
  analysis_column_label_taken: e(409, 'Kolom bernama "{{0}}" sudah ada di dataset ini', 'A column named "{{0}}" already exists in this dataset'),
  analysis_retype_refused: e(
    422,
    'Tipe kolom {{0}} tidak diubah menjadi {{1}}: {{2}} nilai tidak dapat dibaca, di baris {{3}} (misalnya "{{4}}"). Perbaiki nilainya dulu',
    'Column {{0}} was not changed to {{1}}: {{2}} values do not read as it, in rows {{3}} (e.g. "{{4}}"). Fix those values first',
  ),
  analysis_row_cell_invalid: e(422, 'Kolom {{0}}: "{{1}}" bukan {{2}}', 'Column {{0}}: "{{1}}" is not a {{2}}'),
  analysis_row_too_wide: e(400, 'Baris berisi {{0}} sel, dataset ini hanya {{1}} kolom', 'The row has {{0}} cells, this dataset only {{1}} columns'),
  analysis_row_not_found: e(404, 'Baris {{0}} tidak ditemukan di dataset ini', 'Row {{0}} was not found in this dataset'),
  analysis_file_invalid: e(400, 'Berkas dataset harus xlsx, csv, atau PDF yang dapat dibaca', 'The dataset file must be a readable xlsx, csv or PDF'),
  analysis_pdf_scanned: e(
    422,
    'PDF ini hasil pindai (gambar tanpa teks), jadi tabelnya tidak dapat dibaca. Unggah berkas Excel/CSV-nya, atau PDF yang teksnya dapat dipilih',
    'This PDF is a scan (images without text), so its table cannot be read. Upload the Excel/CSV sheet, or a PDF whose text can be selected',
  ),
  analysis_import_columns_invalid: e(
    422,
    'Kolom yang dipilih tidak cocok dengan berkas: berkas memiliki {{0}} kolom',
    'The chosen columns do not match the file: it has {{0}} columns',
  ),
  analysis_header_missing: e(400, 'Tidak ditemukan baris judul kolom di berkas ini', 'No header row with column names was found in this file'),
  analysis_too_many_columns: e(
    422,
    'Dataset memiliki terlalu banyak kolom {{0}} (paling banyak {{1}})',
    'The dataset has too many {{0}} columns (at most {{1}})',
  ),
  analysis_cell_invalid: e(422, 'Nilai "{{0}}" bukan {{1}}', 'The value "{{0}}" is not a {{1}}'),
  analysis_google_account_missing: e(
    422,
    'Akun layanan Google belum diatur. Minta admin mengisinya di Konfigurasi Aplikasi',
    'No Google service account is set up. Ask an administrator to set it in App configuration',
  ),
  analysis_google_key_invalid: e(422, 'Kunci akun layanan Google tidak valid: {{0}}', 'The Google service-account key is invalid: {{0}}'),
  analysis_google_sheet_url_invalid: e(400, 'Alamat Google Sheet tidak dikenali', 'This is not a Google Sheet address'),
  analysis_google_sheet_not_shared: e(
    422,
    'Sheet belum dibagikan ke {{0}}. Bagikan sheet ke alamat ini sebagai Viewer lalu coba lagi',
    'The sheet is not shared with {{0}}. Share it with this address as Viewer and try again',
  ),
  analysis_google_sheet_not_found: e(404, 'Google Sheet {{0}} tidak ditemukan', 'Google Sheet {{0}} was not found'),
  analysis_google_template_mismatch: e(
    422,
    'Sheet tidak sesuai templat, kolom yang tidak ada: {{0}}',
    'The sheet does not match the template, missing columns: {{0}}',
  ),
  analysis_google_unreachable: e(502, 'Google tidak dapat dihubungi ({{0}}). Coba lagi nanti', 'Google could not be reached ({{0}}). Try again later'),
  analysis_google_auth_failed: e(502, 'Google menolak akun layanan: {{0}}', 'Google refused the service account: {{0}}'),
  analysis_sheet_refresh_cells_invalid: e(
    422,
    '{{0}} sel di Sheet tidak sesuai jenis kolomnya di dataset (baris/kolom: {{1}}); data lama tetap dipakai',
    "{{0}} cells of the sheet do not fit their column's type in the dataset (row/column: {{1}}); the old rows are kept",
  ),
  analysis_sheet_column_removed: e(
    422,
    'Kolom {{0}} tidak ada lagi di Sheet dan dihapus dari dataset; grafik yang memakainya perlu dibuat ulang',
    'Column {{0}} is no longer in the sheet and was removed from the dataset; graphs using it need to be made again',
  ),
  analysis_dataset_not_google_sheet: e(422, 'Dataset ini tidak berasal dari Google Sheet', 'This dataset does not come from a Google Sheet'),
  analysis_api_key_invalid: e(401, 'Kunci API dataset tidak valid atau sudah dicabut', 'The dataset API key is invalid or revoked'),
  analysis_api_key_not_found: e(404, 'Kunci API {{0}} tidak ditemukan', 'API key {{0}} not found'),
  analysis_api_key_owner_inactive: e(
    403,
    'Pembuat kunci API ini sudah tidak aktif: buat kunci baru oleh pengguna yang aktif',
    'The user who made this API key is no longer active: have an active user make a new key',
  ),
  analysis_api_key_owner_forbidden: e(
    403,
    'Pembuat kunci API ini tidak lagi berhak mengubah dataset ini: buat kunci baru oleh pengguna yang berhak',
    'The user who made this API key may no longer edit this dataset: have a user who may make a new key',
  ),
  analysis_idempotency_key_missing: e(400, 'Header Idempotency-Key wajib diisi (1-200 karakter)', 'The Idempotency-Key header is required (1-200 characters)'),
  analysis_idempotency_conflict: e(
    409,
    'Idempotency-Key {{0}} sudah dipakai untuk isi permintaan yang berbeda',
    'Idempotency-Key {{0}} was already used with a different request body',
  ),
  analysis_idempotency_in_progress: e(
    409,
    'Permintaan dengan Idempotency-Key {{0}} masih diproses',
    'The request with Idempotency-Key {{0}} is still being processed',
  ),
  analysis_api_rows_invalid: e(422, '{{0}} baris tidak valid, tidak ada yang disimpan: {{1}}', '{{0}} rows are invalid, nothing was saved: {{1}}'),
  analysis_saved_graph_not_found: e(404, 'Grafik tersimpan {{0}} tidak ditemukan', 'Saved graph {{0}} not found'),
  analysis_saved_graph_outdated: e(
    422,
    'Grafik ini tidak bisa ditampilkan lagi: kolom yang dipakainya sudah tidak ada atau berubah jenis di dataset',
    'This graph can no longer be shown: a column it uses is gone from the dataset or has changed type',
  ),
  analysis_saved_graph_order_invalid: e(
    422,
    'Urutan harus memuat setiap grafik tersimpan tepat satu kali',
    'The order must name every saved graph exactly once',
  ),
} as const;

const promo = {
  promo_not_found: e(404, 'Kode promo tidak ditemukan', 'Promo code not found'),
  not_active: e(422, 'Kode promo tidak aktif', 'Promo code is not active'),
  expired: e(422, 'Kode promo sudah kedaluwarsa', 'Promo code has expired'),
  channel_not_eligible: e(422, 'Kode promo tidak berlaku untuk kanal ini', 'Promo code is not eligible for this channel'),
  segment_not_eligible: e(422, 'Kode promo tidak berlaku untuk segmen ini', 'Promo code is not eligible for this segment'),
} as const;

/** Public site and onboarding: demo requests, payments, registration, password reset. */
const onboarding = {
  lead_not_found: e(404, 'Prospek {{0}} tidak ditemukan', 'Lead {{0}} not found'),
  lead_status_transition_invalid: e(422, 'Status prospek tidak dapat diubah dari {{0}} ke {{1}}', 'A lead cannot move from {{0}} to {{1}}'),
  promo_code_already_exists: e(409, 'Kode promo {{0}} sudah ada', 'Promo code {{0}} already exists'),
  promo_discount_invalid: e(
    422,
    'Isi salah satu: diskon persen (lebih dari 0 sampai 100) atau diskon nominal (lebih dari 0)',
    'Give exactly one of a discount percent (above 0, at most 100) or a discount amount (above 0)',
  ),
  promo_period_invalid: e(422, 'Tanggal mulai promo tidak boleh setelah tanggal berakhir', 'The promo start date cannot be after its end date'),
  payment_not_found: e(404, 'Pembayaran belum dimulai untuk permintaan ini', 'No payment has been started for this request'),
  payment_already_paid: e(409, 'Permintaan ini sudah dibayar', 'This request is already paid'),
  payment_proof_invalid: e(
    422,
    'Bukti transfer harus berupa gambar PNG/JPEG atau PDF maksimal 2 MiB',
    'The transfer proof must be a PNG/JPEG image or a PDF of at most 2 MiB',
  ),
  payment_proof_not_allowed: e(
    422,
    'Bukti transfer hanya untuk pembayaran transfer bank yang belum lunas',
    'A transfer proof is only for an unpaid bank-transfer payment',
  ),
  payment_proof_not_found: e(404, 'Bukti transfer belum diunggah', 'No transfer proof has been uploaded'),
  payment_bank_transfer_not_configured: e(
    422,
    'Transfer bank belum tersedia karena rekening tujuan belum diatur; tim kami akan menghubungi Anda melalui email untuk pembayaran',
    'Bank transfer is not available because no account to pay into is set up; our team will contact you by e-mail about the payment',
  ),
  payment_gateway_not_configured: e(
    422,
    'Gerbang pembayaran belum dikonfigurasi; gunakan transfer bank',
    'The payment gateway is not configured; use bank transfer',
  ),
  payment_gateway_failed: e(502, 'Gerbang pembayaran gagal menjawab ({{0}})', 'The payment gateway failed to answer ({{0}})'),
  payment_notification_invalid: e(403, 'Notifikasi pembayaran tidak sah', 'The payment notification is not authentic'),
  trial_already_used: e(409, 'Uji coba gratis sudah pernah dipakai untuk {{0}}', 'The free trial was already used for {{0}}'),
  password_reset_throttled: e(
    429,
    'Terlalu banyak permintaan atur ulang kata sandi. Coba lagi dalam {{0}} detik.',
    'Too many password reset requests. Try again in {{0}} seconds.',
  ),
  password_reset_link_invalid: e(
    422,
    'Tautan atur ulang kata sandi tidak valid atau sudah digunakan',
    'The password reset link is invalid or was already used',
  ),
  password_reset_link_expired: e(422, 'Tautan atur ulang kata sandi sudah kedaluwarsa', 'The password reset link has expired'),
} as const;

/** Spec 8: duplicate/missing code errors of the ERP master data, `{entity}_code_already_exists` and `{entity}_not_found`. */
const masterEntities = {
  warehouse: ['gudang', 'warehouse'],
  employee: ['karyawan', 'employee'],
  ou: ['unit organisasi', 'organisation unit'],
  cash_bank: ['kas/bank', 'cash bank'],
  product_category: ['kategori produk', 'product category'],
  product_sub_category: ['sub-kategori produk', 'product sub-category'],
  uom: ['satuan', 'unit of measure'],
  brand: ['merek', 'brand'],
  product: ['produk', 'product'],
  partner: ['mitra (pelanggan/pemasok)', 'partner (customer/supplier)'],
  coa: ['akun (COA)', 'account (COA)'],
  document_type: ['jenis dokumen', 'document type'],
  group_coa: ['grup COA', 'COA group'],
  segment_coa: ['segmen COA', 'COA segment'],
  combo_value: ['nilai kombo', 'combo value'],
  autonumber: ['penomoran otomatis', 'automatic numbering'],
  policy: ['kebijakan', 'policy'],
  currency: ['mata uang', 'currency'],
  country: ['negara', 'country'],
} as const;
type MasterEntity = keyof typeof masterEntities;
type MasterCode = `${MasterEntity}_code_already_exists` | `${MasterEntity}_not_found`;

const masterCodes = Object.fromEntries(
  Object.entries(masterEntities).flatMap(([key, [id, en]]) => [
    [`${key}_code_already_exists`, e(409, `Kode ${id} {{0}} sudah ada`, `The ${en} code {{0}} already exists`)],
    [`${key}_not_found`, e(404, `Data ${id} {{0}} tidak ditemukan`, `The ${en} {{0}} was not found`)],
  ]),
) as Record<MasterCode, Entry>;

const erp = {
  ou_company_cannot_have_parent: e(422, 'Unit bertipe perusahaan tidak boleh memiliki induk', 'A company cannot have a parent OU'),
  ou_main_business_unit_cannot_have_parent: e(422, 'Unit bisnis utama tidak boleh memiliki induk', 'A main business unit cannot have a parent OU'),
  ou_sub_business_unit_parent_must_be_branch: e(422, 'Induk sub unit bisnis harus cabang', "A sub business unit's parent must be a branch"),
  ou_branch_parent_must_be_main_business_unit: e(422, 'Induk cabang harus unit bisnis utama', "A branch's parent must be a main business unit"),
  ou_cannot_be_own_parent: e(422, 'Unit organisasi tidak boleh menjadi induk dirinya sendiri', 'An OU cannot be its own parent'),
  ou_parent_cannot_be_descendant: e(422, 'Induk tidak boleh turunan dari unit itu sendiri', 'The parent cannot be a descendant of the OU itself'),
  ou_has_children: e(409, 'Unit organisasi {{0}} masih memiliki unit turunan', 'Organisation unit {{0}} still has child units'),
  ou_children_rule_broken: e(
    422,
    'Tipe tidak dapat diubah: unit turunan {{0}} tidak lagi sesuai aturan hierarki',
    'The type cannot change: child unit {{0}} would break the hierarchy rules',
  ),
  ou_logo_invalid: e(422, 'Logo harus berupa gambar PNG, JPEG atau WebP maksimal 1 MiB', 'The logo must be a PNG, JPEG or WebP image of at most 1 MiB'),
  ou_logo_not_found: e(404, 'Unit organisasi ini belum memiliki logo', 'This organisation unit has no logo'),
  coa_group_has_detail: e(422, 'Grup COA {{0}} sudah memiliki satu COA detail', 'COA group {{0}} already has a detail COA'),
  coa_default_cannot_be_changed: e(422, 'COA detail bawaan tidak dapat diubah atau dihapus', 'A default COA detail cannot be edited or removed'),
  coa_group_system_predefined: e(
    422,
    'Grup COA bawaan sistem tidak dapat diaktifkan atau dihapus',
    'A system-predefined COA group cannot be activated or removed',
  ),
  cash_bank_coa_group_invalid: e(422, 'COA kas/bank harus termasuk grup COA kas atau bank', 'A cash or bank COA must belong to the cash or bank COA group'),
  cash_bank_coa_already_used: e(409, 'COA {{0}} sudah dipakai oleh kas/bank lain', 'COA {{0}} already serves another cash bank'),
  cash_bank_ou_required: e(422, 'Kas/bank bertipe bank harus memilih unit organisasi', 'A bank-type cash bank must choose an OU'),
  credit_limit_must_be_positive: e(422, 'Batas kredit harus lebih dari 0', 'Credit limit must be more than 0'),
  price_must_be_positive: e(422, 'Harga {{0}} harus lebih dari 0', 'The {{0}} price must be more than 0'),
  quantity_must_be_positive: e(422, 'Kuantitas harus lebih dari 0', 'Quantity must be more than 0'),
  min_quantity_exceeds_max: e(422, 'Kuantitas minimum tidak boleh melebihi maksimum', 'The minimum quantity cannot exceed the maximum'),
  partner_phone_too_short: e(422, 'Nomor telepon {{0}} harus lebih dari 10 karakter', 'Phone number {{0}} must be more than 10 characters'),
  partner_geo_position_invalid: e(
    422,
    'Posisi peta tidak valid: isi lintang (-90 s.d. 90) dan bujur (-180 s.d. 180) bersama-sama',
    'Invalid map position: give latitude (-90 to 90) and longitude (-180 to 180) together',
  ),
  employee_date_before_join: e(422, 'Tanggal {{0}} tidak boleh sebelum tanggal bergabung', 'The {{0}} date cannot be before the join date'),
  employee_status_date_required: e(422, 'Status {{0}} memerlukan tanggal {{1}}', 'Status {{0}} needs a {{1}} date'),
  product_sub_category_not_in_category: e(422, 'Sub-kategori {{0}} bukan bagian dari kategori {{1}}', 'Sub-category {{0}} does not belong to category {{1}}'),
  product_sub_category_needs_category: e(422, 'Pilih kategori terlebih dahulu sebelum sub-kategori', 'Choose the category before the sub-category'),
  uom_conversion_invalid: e(
    422,
    'Konversi ke satuan {{0}} tidak valid: satuan dasar atau tercantum dua kali',
    'The conversion to unit {{0}} is invalid: it is the base unit or listed twice',
  ),
  product_import_file_invalid: e(
    400,
    'Berkas impor bukan xlsx yang valid atau rusak; simpan ulang sebagai .xlsx dari Excel lalu unggah lagi',
    'The import file is not a valid xlsx or is damaged; save it again as .xlsx from Excel and upload it again',
  ),
  product_import_column_missing: e(400, 'Kolom {{0}} tidak ada di baris judul berkas impor', 'Column {{0}} is missing from the header row of the import file'),
  product_import_duplicate_row: e(422, 'Kode produk {{0}} sudah ada di baris {{1}} berkas ini', 'Product code {{0}} already appears in row {{1}} of this file'),
  sheet_import_file_invalid: e(
    400,
    'Berkas impor bukan xlsx yang valid atau rusak; simpan ulang sebagai .xlsx dari Excel lalu unggah lagi',
    'The import file is not a valid xlsx or is damaged; save it again as .xlsx from Excel and upload it again',
  ),
  sheet_import_file_empty: e(400, 'Berkas impor kosong', 'The import file is empty'),
  sheet_import_upload_interrupted: e(
    400,
    'Unggahan berkas terputus sebelum selesai; unggah lagi',
    'The upload was cut off before it finished; upload the file again',
  ),
  sheet_import_workbook_missing: e(
    400,
    'Berkas xlsx tidak berisi buku kerja dengan lembar kerja (xl/workbook.xml atau lembar kerjanya tidak ada); simpan ulang sebagai .xlsx dari Excel',
    'The xlsx file holds no workbook with a worksheet (xl/workbook.xml or its worksheet is missing); save it again as .xlsx from Excel',
  ),
  sheet_import_header_missing: e(
    400,
    'Lembar kerja pertama berkas impor kosong: tidak ada baris judul',
    'The first worksheet of the import file is empty: there is no header row',
  ),
  sheet_import_column_missing: e(400, 'Kolom {{0}} tidak ada di baris judul berkas impor', 'Column {{0}} is missing from the header row of the import file'),
  sheet_import_duplicate_row: e(422, 'Kode {{0}} sudah ada di baris {{1}} berkas ini', 'Code {{0}} already appears in row {{1}} of this file'),
  exchange_rate_same_currency: e(422, 'Mata uang asal dan tujuan harus berbeda', 'The from and to currencies must differ'),
  exchange_rate_must_be_positive: e(422, 'Kurs harus lebih dari 0', 'The exchange rate must be more than 0'),
  exchange_rate_already_exists: e(409, 'Kurs {{0}} ke {{1}} tanggal {{2}} sudah ada', 'An exchange rate from {{0}} to {{1}} on {{2}} already exists'),
  exchange_rate_not_found: e(404, 'Kurs {{0}} ke {{1}} pada tanggal {{2}} tidak ditemukan', 'No exchange rate from {{0}} to {{1}} on {{2}}'),
  autonumber_reset_needs_year: e(422, 'Penomoran yang diulang per tahun harus menampilkan tahun', 'Numbering that restarts every year must show the year'),
  autonumber_reset_needs_year_month: e(
    422,
    'Penomoran yang diulang per bulan harus menampilkan tahun dan bulan',
    'Numbering that restarts every month must show the year and the month',
  ),
  autonumber_day_needs_month: e(422, 'Penomoran yang menampilkan tanggal harus menampilkan bulan', 'Numbering that shows the day must show the month'),
  coa_main_account_invalid: e(
    422,
    'Akun induk {{0}} harus akun utama (bukan sub akun) dalam grup COA yang sama',
    'Main account {{0}} must be a main account (not a sub account) of the same COA group',
  ),
  coa_has_sub_accounts: e(409, 'Akun {{0}} masih memiliki sub akun', 'Account {{0}} still has sub accounts'),
  coa_group_inactive: e(422, 'Grup COA {{0}} tidak aktif', 'COA group {{0}} is inactive'),
  currency_book_cannot_be_changed: e(
    422,
    'Mata uang buku {{0}} tidak dapat dinonaktifkan, dihapus atau diganti kodenya',
    'The book currency {{0}} cannot be deactivated, deleted or given another code',
  ),
  currency_book_already_set: e(
    409,
    'Mata uang buku sudah ditetapkan ({{0}}) dan tidak dapat diganti',
    'The book currency is already set ({{0}}) and cannot be replaced',
  ),
  policy_ou_list_empty: e(422, 'Daftar kebijakan OU harus diisi', 'Policy OU list must be filled'),
  policy_not_authorized: e(403, 'Anda tidak diizinkan memakai {{0}} {{1}} pada unit organisasi ini', 'You are not authorised to use {{0}} {{1}} in this OU'),
  document_type_prohibited: e(403, 'Anda tidak diizinkan membuat dokumen jenis {{0}}', 'You are not allowed to create documents of type {{0}}'),
  document_already_submitted: e(
    409,
    'Dokumen sudah diajukan dan tidak dapat diubah atau dihapus',
    'The document was already submitted and cannot be edited or deleted',
  ),
  document_must_released_first: e(409, 'Dokumen harus dirilis terlebih dahulu', 'The document must be released first'),
  document_not_waiting_for_approval: e(409, 'Dokumen tidak sedang menunggu persetujuan', 'The document is not waiting for approval'),
  document_not_approved: e(409, 'Dokumen belum disetujui', 'The document has not been approved'),
  document_not_found: e(404, 'Dokumen tidak ditemukan', 'Document not found'),
  document_not_your_turn: e(403, 'Dokumen ini tidak menunggu persetujuan Anda', 'This document is not waiting for your approval'),
  document_unbalanced: e(422, 'Jurnal tidak seimbang: debit {{0}}, kredit {{1}}', 'The journal is unbalanced: debit {{0}}, credit {{1}}'),
  document_period_closed: e(
    422,
    'Periode {{0}} sudah ditutup: dokumen bertanggal di periode itu tidak dapat dibuat atau diubah',
    'Period {{0}} is closed: documents dated in it cannot be created or changed',
  ),
  document_coa_not_postable: e(
    422,
    'Akun {{0}} tidak dapat dibukukan: akun yang memiliki sub akun atau akun nonaktif tidak menerima jurnal',
    'Account {{0}} cannot be posted: an account with sub accounts or an inactive account takes no postings',
  ),
  document_export_too_large: e(
    422,
    'Terlalu banyak dokumen untuk diekspor ({{0}}, paling banyak {{1}}): persempit filter',
    'Too many documents to export ({{0}}, at most {{1}}): narrow the filters',
  ),
  journal_line_amount_invalid: e(
    422,
    'Baris {{0}}: isi debit atau kredit, salah satu saja dan bukan nol',
    'Line {{0}}: enter a debit or a credit, only one of them and not zero',
  ),
  cash_transaction_currency_mismatch: e(
    422,
    'Mata uang dokumen harus mata uang kas/bank {{0}}',
    "The document currency must be the cash bank's currency {{0}}",
  ),
  document_discount_out_of_limit: e(
    422,
    'Diskon baris {{0}} di luar batas peran Anda ({{1}})',
    "The discount of line {{0}} is outside your role's limit ({{1}})",
  ),
  document_number_already_exists: e(409, 'Nomor dokumen {{0}} sudah dipakai', 'Document number {{0}} is already used'),
  document_own_approval: e(403, 'Anda tidak dapat menyetujui atau menolak dokumen Anda sendiri', 'You cannot approve or reject your own document'),
  document_already_approved_by_you: e(409, 'Anda sudah menyetujui dokumen ini pada level {{0}}', 'You already approved this document at level {{0}}'),
  approval_flow_not_found: e(404, 'Alur persetujuan tidak ditemukan', 'Approval flow not found'),
  approval_flow_already_exists: e(
    409,
    'Alur persetujuan untuk jenis dokumen dan OU ini sudah ada',
    'An approval flow for this document type and OU already exists',
  ),
  approval_flow_level_no_approver: e(
    422,
    'Level {{0}} harus memiliki paling sedikit satu peran atau pengguna penyetuju',
    'Level {{0}} needs at least one approving role or user',
  ),
  approval_flow_band_invalid: e(
    422,
    'Batas jumlah level {{0}}: "di atas" harus lebih kecil dari "sampai dengan"',
    'Amount band of level {{0}}: "above" must be less than "up to"',
  ),
  approval_flow_in_use: e(
    409,
    'Alur persetujuan masih dipakai oleh {{0}} dokumen yang menunggu persetujuan',
    'The approval flow is still used by {{0}} documents waiting for approval',
  ),
  report_range_invalid: e(
    422,
    'Tanggal awal {{0}} harus sebelum atau sama dengan tanggal akhir {{1}}',
    'The start date {{0}} must be on or before the end date {{1}}',
  ),
  report_period_or_range_required: e(400, 'Pilih periode (YYYYMM) atau rentang tanggal', 'Choose a period (YYYYMM) or a date range'),
  report_export_too_large: e(
    422,
    'Laporan terlalu besar untuk diekspor ({{0}} baris, paling banyak {{1}}): persempit rentang tanggal',
    'The report is too large to export ({{0}} rows, at most {{1}}): narrow the date range',
  ),
  admin_process_previous_month_not_closed: e(422, 'Bulan sebelumnya harus ditutup terlebih dahulu', 'The previous month must be closed first'),
  admin_process_period_closed: e(422, 'Periode {{0}} sudah ditutup untuk transaksi baru', 'Period {{0}} is closed for new transactions'),
  admin_process_ledger_not_open: e(422, 'Buku besar periode {{0}} tidak terbuka', 'The ledger of period {{0}} is not open'),
  admin_process_ledger_not_closed: e(422, 'Buku besar periode {{0}} belum ditutup', 'The ledger of period {{0}} is not closed'),
  admin_process_invalid_state: e(409, 'Proses tutup buku tidak dapat dijalankan pada status {{0}}', 'Period closing cannot run in status {{0}}'),
  admin_process_later_month_closed: e(422, 'Bulan setelahnya sudah ditutup', 'A later month is already closed'),
  admin_process_failed: e(422, 'Tutup buku gagal: masih ada {{0}} dokumen belum selesai', 'Period closing failed: {{0}} documents are not finished'),
} as const;

export const ERRORS = { ...auth, ...general, ...ai, ...analysis, ...service, ...promo, ...onboarding, ...masterCodes, ...erp } satisfies Record<string, Entry>;

export type ErrorCode = keyof typeof ERRORS;
export type ErrorBody = { errorCode: ErrorCode; errorArgs: (string | number)[] };

export const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(ERRORS, code);

/** The i18n key of an error: "error." plus the code with dots turned to underscores (spec 8). */
export const errorMessageKey = (code: string) => `error.${code.replaceAll('.', '_')}`;

/** `{ error: { code: text } }` for one language, merged into the web's i18n resources. */
export function errorTexts(lang: 'id' | 'en'): Record<string, string> {
  return Object.fromEntries(Object.entries(ERRORS).map(([code, entry]) => [code.replaceAll('.', '_'), entry[lang]]));
}
