import { Empty } from 'antd';
import { ShopOutlined } from '@ant-design/icons';

/** What a /service page shows before a client is chosen: what choosing one opens, instead of an empty table. */
export function ChooseClient({ text }: { text: string }) {
  return <Empty className="service-choose-client" image={<ShopOutlined aria-hidden />} description={text} data-testid="choose-client" />;
}
