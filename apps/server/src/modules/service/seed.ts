import { v7 as uuidv7 } from 'uuid';
import { handoverRules, widgetStyle } from '@nusa/contracts';
import { SHOP_INTENTS_ID } from './shop-intents-id.ts';
import type { Tx } from '../../platform/db/tenant.ts';
import { userIdsByUsername } from '../configuration/users/service.ts';
import { seedWidgetChannel } from './channels/index.ts';
import { clientRowById, seedClient } from './clients/service.ts';
import { seedDataset, type DatasetAttribute, type ItemValues } from './datasets/index.ts';
import { seedIntents, storeTrainedModel, trainClient } from './intents/index.ts';
import { seedDemoConversations } from './seed-conversations.ts';

/**
 * The demo client (issue 12): a batik shop whose virtual chat works on first start. Its products and shop facts are
 * the datasets; its intents are the local engine's Indonesian shop fixture with English phrases beside them; the
 * classifier is trained here (no usage rows); its widget is active and two weeks of conversations are in its history.
 */
export const DEMO_SERVICE_CLIENT = 'SEKAR';

const PRODUCT_ATTRIBUTES: DatasetAttribute[] = [
  { name: 'Nama', type: 'TEXT' },
  { name: 'Kategori', type: 'TEXT' },
  { name: 'Harga', type: 'NUMBER' },
  { name: 'Stok', type: 'NUMBER' },
  { name: 'Keterangan', type: 'ANY' },
  { name: 'Kata Kunci', type: 'ANY' },
];
const product = (nama: string, kategori: string, harga: number, stok: number, keterangan: string, kataKunci: string): ItemValues => ({
  Nama: nama,
  Kategori: kategori,
  Harga: String(harga),
  Stok: String(stok),
  Keterangan: keterangan,
  'Kata Kunci': kataKunci,
});

export const DEMO_PRODUCTS: ItemValues[] = [
  product('Kain Batik Parang', 'Kain', 350000, 12, 'Batik tulis motif parang, 2 x 1,15 m, katun primisima', 'fabric cloth batik parang'),
  product('Kain Batik Kawung', 'Kain', 325000, 8, 'Batik cap motif kawung, 2 x 1,15 m', 'fabric cloth batik kawung'),
  product('Kain Batik Mega Mendung', 'Kain', 275000, 15, 'Batik cap Cirebon, warna biru', 'fabric cloth batik mega mendung blue'),
  product('Sarung Batik Pekalongan', 'Kain', 185000, 20, 'Sarung batik cap Pekalongan', 'sarong'),
  product('Kemeja Batik Pria Lengan Panjang', 'Pakaian', 285000, 25, 'Ukuran S, M, L, XL; katun', 'shirt men long sleeve'),
  product('Kemeja Batik Pria Lengan Pendek', 'Pakaian', 235000, 30, 'Ukuran S, M, L, XL; katun', 'shirt men short sleeve'),
  product('Blus Batik Wanita', 'Pakaian', 215000, 18, 'Ukuran S, M, L; rayon', 'blouse women'),
  product('Dress Batik Sekar', 'Pakaian', 395000, 6, 'Dress midi, ukuran S, M, L', 'dress women'),
  product('Daster Batik', 'Pakaian', 95000, 40, 'Daster rayon, all size', 'house dress nightgown'),
  product('Selendang Batik Sutra', 'Aksesori', 450000, 5, 'Selendang sutra 2 x 0,5 m', 'scarf shawl silk'),
  product('Tas Batik Tote', 'Aksesori', 125000, 22, 'Tas tote kanvas dengan aksen batik', 'bag tote'),
  product('Masker Batik', 'Aksesori', 45000, 60, 'Isi 3, kain katun dua lapis', 'face mask'),
];

const INFO_ATTRIBUTES: DatasetAttribute[] = [
  { name: 'Topik', type: 'TEXT' },
  { name: 'Jawaban', type: 'ANY' },
  { name: 'Kata Kunci', type: 'ANY' },
];
const info = (topik: string, jawaban: string, kataKunci: string): ItemValues => ({ Topik: topik, Jawaban: jawaban, 'Kata Kunci': kataKunci });

export const DEMO_SHOP_INFO: ItemValues[] = [
  info('Jam buka toko', 'Senin–Sabtu 09.00–21.00 WIB, Minggu 10.00–18.00 WIB', 'opening hours open close time schedule sunday'),
  info('Alamat toko', 'Jl. Malioboro No. 52, Yogyakarta; cabang Jakarta di Jl. Kemang Raya No. 8', 'address location where shop store branch lokasi'),
  info(
    'Ongkos kirim dan pengiriman',
    'Lewat JNE, J&T dan SiCepat; Jawa Rp 15.000–25.000, luar Jawa mulai Rp 35.000; gratis ongkir untuk belanja di atas Rp 500.000',
    'shipping delivery courier cost ongkir ekspedisi',
  ),
  info(
    'Cara pembayaran',
    'Transfer BCA atau Mandiri, QRIS, GoPay, OVO, kartu kredit, dan COD untuk Jabodetabek',
    'payment pay transfer credit card cash on delivery e-wallet bayar',
  ),
  info(
    'Retur dan penukaran',
    'Retur atau tukar ukuran dalam 7 hari setelah barang diterima, label masih terpasang; barang cacat kami ganti gratis',
    'return refund exchange policy damaged tukar',
  ),
  info('Promo', 'Diskon 10% untuk pembelian 2 kain batik; kode SEKAR10 potongan Rp 25.000 untuk pelanggan baru', 'discount promo voucher sale diskon'),
  info('Ukuran', 'Kemeja: S lebar dada 50 cm, M 52 cm, L 55 cm, XL 58 cm; kain 2 x 1,15 m', 'size chart sizes dimensions ukuran'),
];

/** English phrases beside the Indonesian fixture, for the same intents. */
export const DEMO_ENGLISH_PHRASES: Record<string, string[]> = {
  tanya_harga: [
    'how much is this',
    'what is the price',
    'price of the batik shirt',
    'how much does the parang fabric cost',
    'can i get the price list',
    'how much for two of them',
  ],
  cek_stok: ['is this in stock', 'do you have size L', 'is it still available', 'when will you restock', 'any stock left in blue', 'is the red one ready'],
  jam_buka: [
    'what time do you open',
    'what are your opening hours',
    'are you open on sunday',
    'when do you close',
    'is the shop open today',
    'opening hours please',
  ],
  lokasi_toko: [
    'where is your shop',
    'what is your address',
    'where are you located',
    'do you have a branch in jakarta',
    'how do i get to the store',
    'shop location please',
  ],
  ongkos_kirim: [
    'how much is shipping',
    'shipping cost to surabaya',
    'do you ship to bali',
    'which couriers do you use',
    'how long does delivery take',
    'is there free shipping',
  ],
  cara_bayar: [
    'how can i pay',
    'do you accept credit card',
    'can i pay by bank transfer',
    'is cash on delivery available',
    'payment methods please',
    'can i pay with an e-wallet',
  ],
  retur_barang: [
    'can i return this',
    'how do i return an item',
    'the item is damaged, can i exchange it',
    'what is your return policy',
    'i want a refund',
    'wrong size, can i swap it',
  ],
  promo_diskon: [
    'any discount today',
    'do you have a promo',
    'is there a voucher code',
    'any sale this week',
    'discount for buying two',
    'promo for new customers',
  ],
  status_pesanan: [
    'where is my order',
    'has my order been shipped',
    'tracking number please',
    'my package has not arrived',
    'what is my order status',
    'when will my order arrive',
  ],
  bicara_cs: [
    'i want to talk to a person',
    'can i speak to a human',
    'connect me to customer service',
    'i need a real person',
    'let me talk to an agent',
    'speak to someone please',
  ],
  ukuran_produk: [
    'what sizes do you have',
    'size chart please',
    'is it true to size',
    'how long is the fabric',
    'what are the dimensions',
    'does size M fit me',
  ],
  salam: ['hello', 'hi there', 'good morning', 'hey', 'good evening', 'hello admin'],
  terima_kasih: ['thank you', 'thanks a lot', 'thanks', 'thank you very much', 'great, thanks', 'ok thanks'],
  batalkan_pesanan: [
    'cancel my order',
    'i want to cancel',
    'please cancel the order',
    'can i cancel my purchase',
    'cancel order please',
    'i changed my mind, cancel it',
  ],
  ubah_alamat: [
    'change my delivery address',
    'i want to update the shipping address',
    'wrong address, can i change it',
    'please change the address',
    'update my address',
    'send it to a different address',
  ],
};

/** What the bot does per intent besides answering from the datasets: fixed replies, and what only a person can do (orders). */
const INTENT_SETTINGS: Record<string, { action?: 'handover'; responseText?: string }> = {
  salam: { responseText: 'id: Halo, selamat datang di Toko Batik Sekar! Ada yang bisa kami bantu?\nen: Hello, welcome to Toko Batik Sekar! How can we help?' },
  terima_kasih: { responseText: 'id: Sama-sama, senang bisa membantu!\nen: You are welcome, glad to help!' },
  bicara_cs: { action: 'handover' },
  status_pesanan: { action: 'handover' },
  batalkan_pesanan: { action: 'handover' },
  ubah_alamat: { action: 'handover' },
};

/** The shop's CS works Monday to Saturday, 08:00–22:00 WIB. */
const DEMO_WORKING_HOURS = { timeZone: 'Asia/Jakarta', days: [1, 2, 3, 4, 5, 6].map((day) => ({ day, from: '08:00', to: '22:00' })) };

export async function seedServiceDemo(tx: Tx, tenantId: string, ouId: string | null): Promise<void> {
  const clientId = uuidv7();
  // The demo's CS agent (and the admin) take the shop's handed-over conversations in Messages for me.
  const staff = await userIdsByUsername(tx, tenantId, ['agent', 'admin']);
  await seedClient(
    tx,
    {
      tenantId,
      id: clientId,
      code: DEMO_SERVICE_CLIENT,
      name: 'Toko Batik Sekar',
      businessField: 'Ritel batik dan pakaian',
      ouId,
      systemInstruction: 'Anda adalah CS Toko Batik Sekar. Jawab singkat dan ramah, hanya dari data toko; bila tidak tahu, teruskan ke petugas CS.',
      handoverRules: handoverRules.parse({}),
      greeting: 'Halo! Selamat datang di Toko Batik Sekar. Ada yang bisa kami bantu?',
      widget: widgetStyle.parse({ primaryColor: '#8B4513' }),
      workingHours: DEMO_WORKING_HOURS,
      maxConcurrentChats: 5,
      setupState: { status: 'done', steps: [] },
    },
    [...staff.values()],
  );
  const itemsByName = new Map<string, { id: string; values: Record<string, string> }>();
  for (const [name, attributes, items] of [
    ['Produk', PRODUCT_ATTRIBUTES, DEMO_PRODUCTS],
    ['Info Toko', INFO_ATTRIBUTES, DEMO_SHOP_INFO],
  ] as const) {
    const { itemIds } = await seedDataset(tx, tenantId, { clientId, name, attributes }, items);
    items.forEach((values, i) => itemsByName.set(String(values.Nama ?? values.Topik), { id: itemIds[i], values: values as Record<string, string> }));
  }
  // The shop's site has the chat widget (no attributes needed: any site may embed it).
  const webChannelId = await seedWidgetChannel(tx, tenantId, clientId, 'Widget tokobatiksekar.id');
  await seedIntents(
    tx,
    tenantId,
    clientId,
    Object.entries(SHOP_INTENTS_ID).map(([name, phrases]) => ({
      name,
      action: INTENT_SETTINGS[name]?.action ?? 'answer',
      responseText: INTENT_SETTINGS[name]?.responseText ?? '',
      phrases: [...phrases, ...(DEMO_ENGLISH_PHRASES[name] ?? [])],
    })),
  );
  const trained = await trainClient(tx, tenantId, await clientRowById(tx, clientId), { meter: false });
  await storeTrainedModel(tx, tenantId, clientId, { ...trained, requestedBy: null, requestedAt: new Date() });
  await seedDemoConversations(tx, tenantId, { clientId, webChannelId, agentUserId: staff.get('agent') ?? null, hours: DEMO_WORKING_HOURS, items: itemsByName });
}
