/** Words of the questions small businesses ask, Indonesian and English, formal and informal. */

/** Words of one meaning: a question's word and a column's label match when they share a group. */
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  [
    'omzet',
    'omset',
    'penjualan',
    'pendapatan',
    'revenue',
    'sales',
    'turnover',
    'jualan',
    'nilai penjualan',
    'pemasukan',
    'income',
    'amount',
    'nominal',
    'nilai',
    'gmv',
    'sale',
  ],
  ['cabang', 'branch', 'toko', 'outlet', 'store', 'gerai', 'lokasi', 'location', 'kota', 'city', 'branches', 'stores', 'shop'],
  ['produk', 'product', 'barang', 'item', 'menu', 'sku', 'products', 'items', 'goods'],
  ['qty', 'quantity', 'kuantitas', 'unit', 'units', 'pcs', 'volume', 'kuantiti', 'qtty'],
  ['pelanggan', 'customer', 'konsumen', 'client', 'klien', 'pembeli', 'buyer', 'customers', 'clients', 'buyers'],
  ['tanggal', 'date', 'tgl', 'waktu', 'time', 'periode', 'period', 'day'],
  ['segmen', 'segment', 'kanal', 'channel', 'saluran', 'segments', 'channels'],
  ['kategori', 'category', 'categories', 'jenis', 'tipe', 'type', 'golongan', 'kelompok', 'group'],
  ['harga', 'price', 'tarif', 'prices'],
  ['diskon', 'discount', 'potongan', 'discounts'],
  ['laba', 'profit', 'keuntungan', 'untung', 'margin', 'profits'],
  ['biaya', 'cost', 'beban', 'expense', 'costs', 'expenses', 'pengeluaran'],
  ['karyawan', 'employee', 'staf', 'staff', 'pegawai', 'kasir', 'cashier', 'salesman', 'sales person', 'penjual', 'seller'],
  ['wilayah', 'region', 'area', 'provinsi', 'province', 'daerah', 'zona', 'zone'],
  ['merek', 'merk', 'brand', 'brands'],
];

/** Words naming the money a business takes in: a question with one of them and no such column label uses the dataset's money column. */
export const REVENUE_WORDS = new Set(SYNONYM_GROUPS[0]);

/** Words of nothing the parser needs: greetings, fillers, question words and glue, both languages, informal ones too. */
export const FILLER = new Set(
  `
berapa berapakah brp apa apakah yang yg di ke dari pada untuk utk dengan dgn dan atau saja aja sih dong donk ya yah deh kak gan min
tolong coba mohon please pls kasih tau tahu lihat liat melihat tampilkan tunjukkan tunjukan perlihatkan show me give tell list daftar
what whats is are was were be the a an of in on at for to by how much many which mana siapa who total jumlah nilai value values adalah itu
ini semua all seluruh keseluruhan overall each setiap tiap masing per selama during sepanjang we our kita kami saya aku gue gw my i did do
does get got sell sold terjual jual menjual dijual punya ada has have had there data dataset angka figure figures number numbers report
laporan grafik chart graph bagaimana gimana gmn bgmn kalau kalo klo about then lalu terus trus now sekarang sama transaksi transaksinya
transaction transactions order orders pesanan nota struk baris rows row record records hasil result results paling most banyak sedikit
besar kecil tinggi rendah nya bisa can could would you kamu anda info informasi information mau ingin want need butuh cek check cari find
tahun bulan minggu hari year month week sebesar kira perkiraan so far sejauh dalam within selling when kapan much secara juga also
dapat dapatkan berikan beri yg tsb tersebut sebut mengenai tentang terkait regarding its it this that these those any some
and vs versus with without make makes made earn earned earning generate generated bring brought achieve achieved reach reached
hey hi hello halo hai plus serta sampai hingga until
distribusi distribution rincian breakdown detail rekap rekapitulasi ringkasan summary summarize
`
    .trim()
    .split(/\s+/),
);

/** A request to change or remove data, or to read outside the dataset: refused whatever else the question says. */
export const REFUSAL = [
  /\b(hapus|hapuskan|menghapus|dihapus|delete|deleted|drop|truncate|update|perbarui|memperbarui|diperbarui|ubah|ubahlah|mengubah|diubah|ganti|mengganti|diganti|insert|masukkan|tambahkan|menambahkan|remove|alter|modify|edit|grant|revoke|overwrite|timpa|kosongkan|bersihkan|wipe|destroy|set)\b/,
  /\b(select|union|insert into|information_schema|pg_\w+|pg_catalog|sql|schema|skema|database|basis data|tabel lain|table lain|other tables?|another table|semua tabel|all tables|tables)\b/,
  /\b(password|passwords|kata sandi|sandi|token|secret|rahasia|api key|credential|credentials|login|users|pengguna lain|akun lain|other users?|other tenants?|tenant lain|perusahaan lain|another company|other company)\b/,
  /;|--|\/\*/,
];

/** How a question goes on from the one before: "bagaimana dengan ...", "kalau ...", "what about ...". */
export const FOLLOW_UP =
  /^(?:(bagaimana dengan|bagaimana kalau|bagaimana|gimana|gmn|bgmn|kalau|kalo|klo|terus|trus|lalu|how about|what about|and|dan|then|now|sekarang|sedangkan|versus|vs|(?:the )?same (?:for|but for|with)|likewise for|sama (?:untuk|buat|dengan|tapi)|begitu juga (?:untuk|dengan)|juga untuk|only|just|hanya|cuma|cukup|(?:show it |show that |tampilkan |buat |jadikan )?(?:as an? |sebagai |dalam bentuk |jadi )(?:chart|graph|grafik|diagram)|(?:jadikan|buatkan|make it|turn it into) (?:an? )?(?:chart|graph|grafik|diagram)|as|sebagai)\b ?)+/;

/** Indonesian and English marker words, to answer in the question's language. */
export const ID_MARKERS = new Set(
  'berapa apa yang bulan tahun minggu hari penjualan omzet omset cabang produk dan di dari untuk dengan rata lalu ini tampilkan bandingkan terlaris tertinggi terendah pelanggan jumlah bagaimana kalau sebelumnya sampai barang toko pendapatan setiap tiap kemarin berapakah sih dong tolong saja aja mana paling banyak terbanyak kuartal semester persentase porsi laris hanya cuma sama'.split(
    ' ',
  ),
);
export const EN_MARKERS = new Set(
  'what how the of by in show me top sales revenue month year last this week average which between and from to customers customer branch branches product products many much total compare quarter half share percentage best highest lowest each per day trend monthly weekly daily is are was were did previous before same only about earlier'.split(
    ' ',
  ),
);
