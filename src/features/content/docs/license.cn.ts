import type { ContentDoc } from './types';

const doc: ContentDoc = {
  title: '牌照与监管',
  summary: 'Panalo 依据 PAGCOR 颁发的牌照运营。本文说明这对您意味着什么、如何核实牌照，以及我们如何确保游戏公平、保障玩家安全。',
  updated: '2026-11-01',
  sections: [
    {
      heading: '持有 PAGCOR 牌照',
      paragraphs: [
        'Panalo 依据菲律宾娱乐与博彩公司（Philippine Amusement and Gaming Corporation，PAGCOR）颁发的牌照运营。PAGCOR 是监管菲律宾博彩业的国有公司。',
        '运营方的注册名称和牌照信息显示在 App 页脚，也可应要求向客服索取。',
      ],
    },
    {
      heading: 'PAGCOR 监管哪些方面',
      paragraphs: ['PAGCOR 负责为菲律宾的博彩运营商发放牌照并对其进行监督。作为持牌运营商，Panalo 必须遵守 PAGCOR 的规定，其中包括：'],
      list: [
        '谁可以参与博彩，包括 21 周岁的最低年龄要求以及对受限人员的排除。',
        '核实玩家身份并保存记录。',
        '游戏及其背后系统的公平性。',
        '玩家资金、充值和提款的处理。',
        '负责任博彩措施和广告。',
        '玩家投诉的处理方式。',
      ],
    },
    {
      heading: '如何核实牌照',
      paragraphs: [
        '您可以在 PAGCOR 官方网站 pagcor.ph 上查询运营商是否持有牌照，该网站会公布其持牌运营商的信息。请确认您访问的是真正的 PAGCOR 网站：自行输入网址，而不是点击短信或广告中的链接。',
        '请只在持牌运营商处参与博彩。无牌网站不受监管，一旦出现问题，您可能无法取回资金或解决投诉。',
      ],
    },
    {
      heading: '仅限 21 周岁及以上',
      paragraphs: [
        '根据菲律宾的规定，只有年满 21 周岁的人士才可以参与博彩。Panalo 不接受任何未满 21 周岁的人士。我们会在身份验证过程中核查每位玩家的年龄，并关闭任何属于未成年人的账户。',
      ],
    },
    {
      heading: '身份核查与反洗钱',
      paragraphs: [
        '根据 PAGCOR 的要求，每位玩家都必须在注册后 7 天内使用有效证件和自拍照完成身份验证（KYC）。验证通过后才能提款。',
        '我们还遵守经修订的《2001年反洗钱法》(Anti-Money Laundering Act of 2001)（第9160号共和国法令）以及反洗钱委员会（Anti-Money Laundering Council，AMLC）的规定。这意味着我们会审查交易、在法律要求的期限内保存记录、只接受与您本人名下账户之间的款项往来，并向有关当局报告可疑交易。',
      ],
    },
    {
      heading: '公平游戏',
      paragraphs: [
        'Panalo 上的娱乐场游戏来自知名的游戏供应商。这些游戏使用经独立检测实验室测试和认证的随机数生成器（RNG），因此每个结果都是随机的，我们和玩家都无法影响。',
        '真人娱乐场游戏由真人荷官使用真实设备进行，并实时直播。体育投注按赛事主办方的官方结果结算。',
      ],
    },
    {
      heading: '负责任博彩',
      paragraphs: [
        '我们致力于负责任博彩。我们为玩家提供充值限额、投注限额、冷静期、现实提醒、自我排除和账户关闭等工具，并遵守 PAGCOR 在全国受限人员数据库（National Database of Restricted Persons，NDRP）中记录的排除措施。详情请参阅我们的“负责任博彩”页面。',
      ],
    },
    {
      heading: '保护您的资金和数据',
      paragraphs: [
        '您的余额以菲律宾比索计，精确到分（centavo），每一笔充值、投注、赢利和提款都会记录在您的账户历史中。提款受提款密码保护，且只会支付到您本人名下的 GCash、Maya 或银行账户。',
        '我们依据《2012年数据隐私法》(Data Privacy Act of 2012)（第10173号共和国法令）及国家隐私委员会（National Privacy Commission）的规定处理您的个人数据。我们的《隐私政策》说明了我们收集哪些信息以及原因。',
      ],
    },
    {
      heading: '投诉',
      paragraphs: [
        '如果您有投诉，请先联系 App 内的客服（账户 › 在线客服），全天候 24/7 服务。我们会进行调查并给您答复。',
        '如果您对我们的最终答复不满意，可以向 PAGCOR 提出投诉。联系 PAGCOR 的方式请参阅其官方网站 pagcor.ph。',
      ],
    },
  ],
};

export default doc;
