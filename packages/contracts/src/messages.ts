import { HOTLINE, type Locale } from './constants.ts';
import { backupMessages } from './admin-backup.ts';
import { importMessages } from './import-messages.ts';
import { priceMessages } from './price-messages.ts';
import { alertMessages } from './alerts.ts';
import { reportMessages } from './reports.ts';
import { settlementMessages } from './admin-settlements.ts';
import { discountMessages } from './discount-codes.ts';
import { returnMessages } from './returns.ts';

/**
 * Messages the API sends to users, in both languages. English texts are the spec's own words.
 * A message key lives here once; the API picks the request's locale, the web shows what it gets.
 */
export const apiMessages = {
  not_found: { en: 'Not found', ar: 'غير موجود' },
  route_not_found: { en: 'This page does not exist', ar: 'الصفحة دي مش موجودة' },
  product_not_found: { en: 'Product not found', ar: 'المنتج ده مش موجود' },
  brand_not_found: { en: 'Brand not found', ar: 'الماركة دي مش موجودة' },
  promotion_not_found: { en: 'Promotion not found', ar: 'العرض ده مش موجود' },
  server_error: { en: 'Something went wrong', ar: 'حصلت مشكلة، حاول تاني' },
  invalid_request: { en: 'The request is not valid', ar: 'الطلب ده مش صحيح' },
  request_timeout: {
    en: 'The request took too long to arrive; please try again',
    ar: 'الطلب اتأخر أوي في الوصول؛ حاول تاني',
  },
  headers_too_large: { en: 'The request headers are too large', ar: 'بيانات الطلب (الهيدرز) كبيرة أوي' },
  must_be_whole_number: { en: 'must be a whole number', ar: 'لازم يكون رقم صحيح' },
  must_be_at_least: { en: 'must be at least {min}', ar: 'لازم يكون {min} أو أكتر' },
  must_be_at_most: { en: 'must be at most {max}', ar: 'لازم ميزيدش عن {max}' },
  must_be_boolean: { en: 'must be true or false', ar: 'لازم يكون true أو false' },
  must_be_one_of: { en: 'must be one of: {values}', ar: 'لازم يكون واحد من: {values}' },
  too_long: { en: 'is too long (at most {max} characters)', ar: 'طويل أوي (أقصى حد {max} حرف)' },
  required: { en: 'is required', ar: 'مطلوب' },
  invalid_value: { en: 'is not valid', ar: 'قيمة غير صحيحة' },
  ...priceMessages,
  ...backupMessages,
  ...importMessages,
  ...alertMessages,
  ...reportMessages,
  ...settlementMessages,
  ...discountMessages,
  ...returnMessages,
  /* ---- bounds of every input, and the database's answers (issue 12) ---- */
  control_characters: {
    en: 'contains characters that are not allowed',
    ar: 'فيه حروف مش مسموح بيها',
  },
  bidi_controls: {
    en: 'contains hidden text-direction characters, please type it again',
    ar: 'فيه علامات خفية لاتجاه الكتابة، اكتبه تاني من فضلك',
  },
  invalid_slug: {
    en: 'may only contain English letters, numbers, - and _',
    ar: 'مسموح فيه بحروف إنجليزي وأرقام و - و _ بس',
  },
  too_many: { en: 'has too many values (at most {max})', ar: 'فيه قيم كتير أوي (أقصى حد {max})' },
  invalid_data: {
    en: 'Some of the information sent is not valid, please check it and try again',
    ar: 'فيه بيانات مش مظبوطة، راجعها وحاول تاني',
  },
  invalid_form_data: {
    en: 'The form could not be read, please send it again',
    ar: 'معرفناش نقرا البيانات اللي اتبعتت، ابعتها تاني',
  },
  store_busy: {
    en: 'The store is busy right now, please try again in a moment',
    ar: 'المتجر عليه ضغط دلوقتي، حاول تاني كمان شوية',
  },
  outbox_not_failed: {
    en: 'This event has not failed for good: it is done, or it will be tried again by itself',
    ar: 'الحدث ده مفشلش نهائي: يا إما اتنفذ، يا إما هيتجرب تاني لوحده',
  },
  /* ---- addresses, national ID, checkout, payments, orders (issue 5) ---- */
  national_id_required: { en: 'National ID is Required', ar: 'الرقم القومي مطلوب' },
  national_id_invalid: { en: 'National ID is not valid', ar: 'الرقم القومي مش صحيح' },
  choose_location_on_map: {
    en: 'Please choose your location on map',
    ar: 'من فضلك حدّد مكانك على الخريطة',
  },
  digits_only: { en: 'Only numbers are allowed', ar: 'مسموح بالأرقام بس' },
  mobile_number_invalid: {
    en: 'Please enter a valid mobile number (11 digits starting with 010, 011, 012 or 015)',
    ar: 'من فضلك اكتب رقم موبايل صحيح (11 رقم يبدأ بـ 010 أو 011 أو 012 أو 015)',
  },
  home_number_invalid: {
    en: 'Please enter a valid home phone number (6 to 8 digits after the area code)',
    ar: 'من فضلك اكتب رقم تليفون أرضي صحيح (من 6 لـ 8 أرقام بعد كود المحافظة)',
  },
  governorate_not_served: {
    en: 'We do not deliver to this governorate yet',
    ar: 'لسه مش بنوصّل للمحافظة دي',
  },
  address_not_found: { en: 'Address not found', ar: 'العنوان ده مش موجود' },
  order_not_found: { en: 'Order not found', ar: 'الطلب ده مش موجود' },
  order_not_refundable: {
    en: 'Only a delivered order with units not refunded yet can be refunded',
    ar: 'مينفعش نرجّع فلوس غير لطلب اتسلم ولسه فيه قطع مترجعتش',
  },
  order_status_refund_only: {
    en: 'An order becomes refunded only through a refund: use Refund on the order and choose the units that come back, so the money and the stock follow',
    ar: 'الطلب بيبقى مرتجع بس من خلال الاسترجاع: استخدم زرار استرجاع في الطلب واختار القطع اللي راجعة، عشان الفلوس والمخزون يرجعوا معاها',
  },
  refund_line_unknown: {
    en: 'This line is not part of the order',
    ar: 'الصنف ده مش من ضمن الطلب',
  },
  refund_too_many: {
    en: 'At most {n} more can be refunded on this line',
    ar: 'أقصى حاجة ممكن ترجع من الصنف ده {n}',
  },
  refund_units_in_return: {
    en: 'Units of this line are in return {n}, still open: refund them by marking that return received (or refuse it first)',
    ar: 'فيه قطع من الصنف ده في المرتجع {n} اللي لسه مفتوح: رجّع فلوسها لما تعلّم إن المرتجع ده وصل (أو ارفضه الأول)',
  },
  refund_failed: {
    en: 'The payment gateway could not make the refund; nothing was changed, please try again',
    ar: 'بوابة الدفع معرفتش ترجّع الفلوس؛ مفيش حاجة اتغيرت، حاول تاني',
  },
  customer_not_found: { en: 'Customer not found', ar: 'العميل ده مش موجود' },
  stock_changed: {
    en: 'The stock changed meanwhile (an order or another edit): it is {n} now. Check it and save again',
    ar: 'المخزون اتغيّر في نفس الوقت (طلب أو تعديل تاني): بقى {n} دلوقتي. راجعه واحفظ تاني',
  },
  order_changed: {
    en: 'Someone else changed this order meanwhile. Reload it and try again',
    ar: 'حد تاني غيّر الطلب ده في نفس الوقت. حدّث الصفحة وحاول تاني',
  },
  order_transition_forbidden: {
    en: 'This order cannot be moved to that status now',
    ar: 'مينفعش الطلب ده يتنقل للحالة دي دلوقتي',
  },
  // A shopper cancels their own order only while the shop has not confirmed it (POST v1/users/orders/{id}/cancel).
  order_not_cancelable: {
    en: `This order can no longer be cancelled here; call us on ${HOTLINE}`,
    ar: `الطلب ده مبقاش ينفع يتلغي من هنا؛ كلمنا على الخط الساخن ${HOTLINE}`,
  },
  order_already_canceled: { en: 'This order is already cancelled', ar: 'الطلب ده اتلغى خلاص' },
  // Shipments with a courier (issue 48).
  shipment_exists: {
    en: 'This order is already handed to a courier',
    ar: 'الطلب ده اتسلّم لشركة شحن خلاص',
  },
  order_not_shippable: {
    en: 'Only a confirmed or processing order can be shipped',
    ar: 'الطلب لازم يكون اتأكد أو بيتجهز علشان يتشحن',
  },
  tracking_number_taken: {
    en: 'This tracking number is already on another order',
    ar: 'رقم التتبع ده متسجل على طلب تاني',
  },
  courier_refused: {
    en: 'The courier refused the shipment: {values}',
    ar: 'شركة الشحن رفضت الشحنة: {values}',
  },
  shipment_label_none: {
    en: 'None of these orders has a courier label to print',
    ar: 'مفيش ولا طلب من دول له بوليصة شحن للطباعة',
  },
  shipment_no_label: {
    en: 'This order has no courier label to print',
    ar: 'الطلب ده ملوش بوليصة شحن للطباعة',
  },
  shipment_label_failed: {
    en: 'The courier did not give this order’s label: {values}',
    ar: 'شركة الشحن مادتش بوليصة الطلب ده: {values}',
  },
  shipment_none: {
    en: 'This order has no shipment to cancel',
    ar: 'الطلب ده مفيهوش شحنة تتلغي',
  },
  shipment_not_cancelable: {
    en: 'This shipment is already on its way or done, so it can no longer be cancelled',
    ar: 'الشحنة دي خرجت أو خلصت، فمينفعش تتلغي دلوقتي',
  },
  shipment_cancel_refused: {
    en: 'The courier did not cancel the shipment: {values}',
    ar: 'شركة الشحن ملغتش الشحنة: {values}',
  },
  // An order's history note the server writes (order_history.note_key, read in the reader's language).
  history_shipment_canceled: {
    en: 'Shipment cancelled: {carrier} {tracking_number}',
    ar: 'الشحنة اتلغت: {carrier} رقم {tracking_number}',
  },
  error_occured: { en: 'Error occured, please try again', ar: 'حصل خطأ، حاول تاني' },
  products_unavailable: {
    en: 'One or more of your products is no longer available',
    ar: 'منتج أو أكتر من منتجاتك مبقاش متاح',
  },
  payment_session_active: {
    en: 'A payment session is already active. You can start a new session in {time_remaining}.',
    ar: 'فيه جلسة دفع شغالة دلوقتي. تقدر تبدأ جلسة جديدة بعد {time_remaining}.',
  },
  payment_session_expired: { en: 'This payment session has expired', ar: 'جلسة الدفع دي خلصت' },
  payment_failed: { en: 'Payment failed, Please try again', ar: 'الدفع مانجحش، من فضلك حاول تاني' },
  invalid_signature: { en: 'The signature is not valid', ar: 'التوقيع مش صحيح' },
  cart_empty: { en: 'Your cart is empty', ar: 'السلة فاضية' },
  address_required: { en: 'Please choose a delivery address', ar: 'من فضلك اختار عنوان التوصيل' },
  rate_previous_orders: {
    en: 'Please rate your previous orders first',
    ar: 'من فضلك قيّم طلباتك اللي فاتت الأول',
  },
  bank_installment_required: {
    en: 'Please choose a bank and an installment plan',
    ar: 'من فضلك اختار البنك وخطة التقسيط',
  },
  bank_installment_invalid: {
    en: 'This installment plan is not available for the chosen bank',
    ar: 'خطة التقسيط دي مش متاحة للبنك اللي اخترته',
  },
  bank_installment_below_minimum: {
    en: 'This installment plan is for orders of {min} EGP or more',
    ar: 'خطة التقسيط دي للطلبات من {min} ج.م وأكتر',
  },
  order_not_rateable: {
    en: 'Only your delivered orders that are not rated yet can be rated',
    ar: 'تقدر تقيّم بس طلباتك اللي اتسلّمت ولسه ما اتقيّمتش',
  },
  rating_duplicate_order: { en: 'Each order can be rated once', ar: 'كل طلب يتقيّم مرة واحدة بس' },
  /* ---- accounts, SMS codes, server cart, favorites (issue 4) ---- */
  too_short: { en: 'is too short (at least {min} characters)', ar: 'قصير أوي (على الأقل {min} حروف)' },
  email_invalid: { en: 'This email address is not valid', ar: 'البريد الإلكتروني ده مش صحيح' },
  password_mismatch: {
    en: 'Password and password confirmation are not matching',
    ar: 'كلمة السر وتأكيدها مش زي بعض',
  },
  otp_format: { en: 'The code is {n} digits', ar: 'الكود {n} أرقام' },
  invalid_credentials: {
    en: 'Phone Number or Password is incorrect, please try again',
    ar: 'رقم الموبايل أو كلمة السر غلط، حاول تاني',
  },
  need_confirmation: {
    en: 'Your phone number is not confirmed yet. Enter OTP sent to your phone',
    ar: 'رقم موبايلك لسه متأكدش. ادخل الكود اللي وصلك في رسالة',
  },
  phone_not_registered: {
    en: 'This phone number is not a registered on the store stores',
    ar: 'رقم الموبايل ده مش متسجل عندنا',
  },
  phone_taken: {
    en: 'This phone number is already registered',
    ar: 'رقم الموبايل ده متسجل قبل كده',
  },
  wrong_otp: { en: 'Wrong OTP code', ar: 'الكود غلط' },
  otp_expired: {
    en: 'This code is no longer valid, please request a new one',
    ar: 'الكود ده مبقاش صالح، اطلب كود جديد',
  },
  otp_wait: {
    en: 'Please wait {time}s before resending code',
    ar: 'استنى {time} ثانية قبل ما تطلب كود تاني',
  },
  otp_sent: {
    en: 'Check your phone for an OTP confirmation code',
    ar: 'شوف رسايل موبايلك، بعتنالك كود التأكيد',
  },
  otp_resent: { en: 'A new code was sent to your phone', ar: 'بعتنالك كود جديد على موبايلك' },
  password_reset_sent: {
    en: 'Check your phone for a password reset code',
    ar: 'شوف رسايل موبايلك، بعتنالك كود تغيير كلمة السر',
  },
  otp_confirmed: { en: 'You can now sign in to your account.', ar: 'تقدر دلوقتي تسجل دخول لحسابك.' },
  already_confirmed: {
    en: 'This account is already confirmed, you can sign in',
    ar: 'الحساب ده متأكد قبل كده، تقدر تسجل دخول',
  },
  password_reset_done: {
    en: 'Your password has been changed, you can now sign in',
    ar: 'كلمة السر اتغيرت، تقدر تسجل دخول دلوقتي',
  },
  password_changed: { en: 'Your password has been changed', ar: 'كلمة السر اتغيرت' },
  current_password_wrong: { en: 'Current password is not correct', ar: 'كلمة السر الحالية غلط' },
  signed_out: { en: 'Signed out successfully', ar: 'سجلت خروج' },
  unauthorized: {
    en: 'You need to sign in or sign up before continuing',
    ar: 'لازم تسجل دخول أو تعمل حساب الأول',
  },
  too_many_attempts: {
    en: 'Too many attempts, please try again in {time}s',
    ar: 'محاولات كتير أوي، حاول تاني بعد {time} ثانية',
  },
  sign_in_locked: {
    en: 'Too many sign-in attempts on this number. If your password is right, we have sent a code to your phone: enter it to sign in, or try again in {time}s',
    ar: 'محاولات دخول كتير على الرقم ده. لو كلمة السر صح، بعتنالك كود على موبايلك: اكتبه علشان تدخل، أو حاول تاني بعد {time} ثانية',
  },
  password_blank: {
    en: 'The password cannot be only spaces',
    ar: 'كلمة السر مينفعش تكون مسافات بس',
  },
  password_is_phone: {
    en: 'The password cannot be your phone number',
    ar: 'كلمة السر مينفعش تكون رقم موبايلك',
  },
  password_too_common: {
    en: 'This password is too common and easy to guess, please choose another one',
    ar: 'كلمة السر دي مشهورة وسهل حد يخمنها، اختار واحدة تانية',
  },
  sms_sign_in_text: {
    en: 'Your sign-in code is {code}. It is valid for {minutes} minutes. If you did not try to sign in, change your password.',
    ar: 'كود الدخول بتاعك {code}. صالح لمدة {minutes} دقايق. لو مش انت اللي بتحاول تدخل، غيّر كلمة السر.',
  },
  place_search_failed: {
    en: 'The map search is not available right now, please move the pin instead',
    ar: 'البحث في الخريطة مش متاح دلوقتي، حرّك الدبوس بإيدك',
  },
  geocoder_busy: {
    en: 'The map is busy right now, please try again in a moment',
    ar: 'الخريطة عليها ضغط دلوقتي، جرّب تاني كمان شوية',
  },
  catalog_busy: {
    en: 'The store is very busy right now, please try again in a few seconds',
    ar: 'المتجر عليه ضغط كبير دلوقتي، جرّب تاني بعد كام ثانية',
  },
  sms_failed: {
    en: 'We could not send the code, please try again in a minute',
    ar: 'معرفناش نبعت الكود، جرّب تاني كمان دقيقة',
  },
  sms_confirmation_text: {
    en: 'Your confirmation code is {code}. It is valid for {minutes} minutes.',
    ar: 'كود التأكيد بتاعك {code}. صالح لمدة {minutes} دقايق.',
  },
  sms_order_confirmed: {
    en: 'Your order #{n} is confirmed. We will let you know when it is on its way.',
    ar: 'طلبك رقم {n} اتأكد. هنبلغك أول ما يخرج للتوصيل.',
  },
  sms_order_delivering: {
    en: 'Your order #{n} is on its way to you.',
    ar: 'طلبك رقم {n} في الطريق ليك.',
  },
  sms_order_delivered: {
    en: 'Your order #{n} has been delivered. Thank you for shopping with us!',
    ar: 'طلبك رقم {n} اتسلم. شكرًا إنك اشتريت مننا!',
  },
  sms_order_canceled: {
    en: 'Your order #{n} has been cancelled. If you paid online, the money will be returned to you.',
    ar: 'طلبك رقم {n} اتلغى. لو كنت دفعت أونلاين، فلوسك هترجعلك.',
  },
  email_order_placed: {
    en: 'We received your order #{n}. Its total is {total} EGP. We will let you know when it is confirmed.',
    ar: 'طلبك رقم {n} وصلنا. إجماليه {total} ج.م. هنبلغك أول ما يتأكد.',
  },
  email_subject: { en: 'Your order #{n}', ar: 'طلبك رقم {n}' },
  email_lines: { en: 'What you ordered', ar: 'اللي طلبته' },
  email_total: { en: 'Total', ar: 'الإجمالي' },
  email_shipping: { en: 'Delivery', ar: 'التوصيل' },
  email_footer: {
    en: 'You get this email because you ordered from us. Questions? Call 16581.',
    ar: 'بعتنالك الإيميل ده عشان طلبت مننا. عندك سؤال؟ كلمنا على 16581.',
  },
  sms_order_refunded: {
    en: 'We refunded {amount} EGP of your order #{n}. What you paid for it is now {paid} EGP.',
    ar: 'رجّعنالك {amount} ج.م من طلبك رقم {n}. اللي دفعته فيه بقى {paid} ج.م.',
  },
  sms_order_placed: {
    en: 'We received your order #{n}: {total} EGP, {method}.',
    ar: 'طلبك رقم {n} وصلنا: {total} ج.م، {method}.',
  },
  sms_order_paid: {
    en: 'We received your payment of {total} EGP for your order #{n}.',
    ar: 'استلمنا {total} ج.م تمن طلبك رقم {n}.',
  },
  sms_delivery_expected: { en: 'Expected delivery: {dates}.', ar: 'هيوصلك {dates}.' },
  sms_delivery_days: { en: '{from} to {to}', ar: 'من {from} لحد {to}' },
  sms_payment_failed: {
    en: 'Your online payment of {amount} EGP did not go through. Your items are back in your cart: pay again or choose another way.',
    ar: 'الدفع أونلاين بمبلغ {amount} ج.م منجحش. المنتجات رجعت لسلتك: ادفع تاني أو اختار طريقة تانية.',
  },
  sms_payment_expired: {
    en: 'The time to pay {amount} EGP online ran out. Your items are back in your cart.',
    ar: 'وقت الدفع أونلاين لمبلغ {amount} ج.م خلص. المنتجات رجعت لسلتك.',
  },
  pay_method_online: { en: 'paid online by card', ar: 'مدفوع أونلاين بالكارت' },
  pay_method_cash: { en: 'cash on delivery', ar: 'كاش عند الاستلام' },
  pay_method_visa_on_delivery: { en: 'card on delivery', ar: 'فيزا عند الاستلام' },
  pay_method_visa_on_delivery_installments: {
    en: 'card installments on delivery',
    ar: 'تقسيط بالفيزا عند الاستلام',
  },
  email_subject_payment: { en: 'Your online payment', ar: 'الدفع أونلاين' },
  step_repeated: { en: 'Each step may be listed once', ar: 'كل خطوة تتكتب مرة واحدة بس' },
  sms_password_reset_text: {
    en: 'Your password reset code is {code}. It is valid for {minutes} minutes.',
    ar: 'كود تغيير كلمة السر بتاعك {code}. صالح لمدة {minutes} دقايق.',
  },
  only_n_in_stock: { en: 'Only {n} available in stock', ar: 'متاح {n} بس في المخزن' },
  only_n_per_order: { en: 'Only {n} available per order', ar: 'متاح {n} بس في الطلب الواحد' },
  out_of_stock: { en: 'This product is out of stock', ar: 'المنتج ده خلص من المخزن' },
  product_unavailable: { en: 'This product is no longer available', ar: 'المنتج ده مبقاش متاح' },
  choose_variant: { en: 'Choose the options first', ar: 'اختار المواصفات الأول' },
  variant_not_found: { en: 'This choice is not available', ar: 'الاختيار ده مش متاح' },
  variant_values_invalid: {
    en: 'Give each variant one of the values of every option',
    ar: 'لكل نوع اختار قيمة من قيم كل اختيار',
  },
  variant_repeated: { en: 'Two variants are the same', ar: 'فيه نوعين زي بعض' },
  variant_text_separator: { en: 'must not contain ; or |', ar: 'مينفعش يكون فيه ; أو |' },
  variant_of_variant: { en: 'A variant cannot have variants', ar: 'النوع مينفعش يبقى له أنواع' },
  stock_is_variants: {
    en: "This product's stock is its variants' added up: change each variant's stock",
    ar: 'مخزون المنتج ده هو مجموع مخزون أنواعه: عدّل مخزون كل نوع',
  },
  product_is_variant: {
    en: "This is a variant of product #{n}: change its name, price, stock or removal in that product's variants",
    ar: 'ده نوع من المنتج رقم {n}: اسمه وسعره ومخزونه وحذفه بيتعدلوا من أنواع المنتج ده',
  },
  /* ---- back office: staff accounts (issue 13) ---- */
  staff_invalid_credentials: {
    en: 'Email or password is incorrect, please try again',
    ar: 'الإيميل أو كلمة السر غلط، حاول تاني',
  },
  staff_sign_in_required: {
    en: 'Please sign in to the back office first',
    ar: 'لازم تسجل دخول للوحة التحكم الأول',
  },
  staff_forbidden: {
    en: 'Your account does not have permission to do this',
    ar: 'حسابك مش مسموحله يعمل ده',
  },
  staff_not_found: { en: 'Staff member not found', ar: 'الموظف ده مش موجود' },
  staff_email_taken: {
    en: 'A staff member with this email already exists',
    ar: 'فيه موظف متسجل بالإيميل ده قبل كده',
  },
  staff_last_owner: {
    en: 'The store must keep at least one owner',
    ar: 'لازم يفضل للمتجر مالك واحد على الأقل',
  },
  staff_cannot_remove_self: {
    en: 'You cannot remove your own account',
    ar: 'مينفعش تشيل حسابك انت',
  },
  staff_removed: {
    en: 'The staff member was removed and signed out',
    ar: 'الموظف اتشال واتعمله تسجيل خروج',
  },
  staff_cannot_change_self: {
    en: 'You cannot change your own role here, and your password is changed on your account page',
    ar: 'مينفعش تغيّر دورك من هنا، وكلمة السر بتاعتك بتتغير من صفحة حسابك',
  },
  staff_update_empty: {
    en: 'Choose a new role or enter a new password',
    ar: 'اختار دور جديد أو اكتب كلمة سر جديدة',
  },
  staff_second_factor_required: {
    en: 'There have been many failed sign-ins on this account from other places. To keep it safe, enter the 6-digit code from your authenticator app with your password',
    ar: 'فيه محاولات دخول غلط كتير على الحساب ده من أماكن تانية. علشان نحميه، اكتب الكود اللي فيه 6 أرقام من تطبيق المصادقة مع كلمة السر',
  },
  staff_invalid_password_or_code: {
    en: 'The password or the code is incorrect, please try again',
    ar: 'كلمة السر أو الكود غلط، حاول تاني',
  },
  staff_cross_site: {
    en: 'This request did not come from the back office, so it was refused',
    ar: 'الطلب ده مجاش من لوحة التحكم، علشان كده اترفض',
  },
  staff_csrf_required: {
    en: 'This back-office page is out of date: reload it and try again',
    ar: 'صفحة لوحة التحكم دي قديمة: اعمل تحديث للصفحة وجرّب تاني',
  },
  staff_totp_enabled: {
    en: 'The authenticator app is set up. While your account is under attack, sign-in will ask for its code',
    ar: 'تطبيق المصادقة اتفعّل. لو حد بيحاول يدخل على حسابك، الدخول هيطلب الكود بتاعه',
  },
  staff_alerts_saved: { en: 'Your alert choices were saved', ar: 'اختياراتك للتنبيهات اتحفظت' },
  staff_alerts_phone_owner_only: {
    en: 'Only an owner can get alerts by SMS',
    ar: 'التنبيهات بالرسائل للمالك بس',
  },
  alert_digest_subject: { en: 'Store alerts: {count}', ar: 'تنبيهات المتجر: {count}' },
  alert_new_order: { en: 'New order #{n}: {total} EGP', ar: 'طلب جديد رقم {n}: {total} ج.م' },
  alert_refund_required: {
    en: 'Order #{n}: a payment needs a refund',
    ar: 'طلب رقم {n}: فيه دفع محتاج يترجع',
  },
  alert_import_done: { en: 'Products import #{id} finished', ar: 'استيراد المنتجات رقم {id} خلص' },
  alert_import_failed: { en: 'Products import #{id} failed', ar: 'استيراد المنتجات رقم {id} فشل' },
  alert_low_stock: {
    en: 'Low stock: {name} has {stock} left',
    ar: 'المخزون قليل: {name} فاضل منه {stock}',
  },
  step_channels_unreachable: {
    en: 'Some steps would reach nobody: they are ticked only on a channel this store cannot send on yet. Tick SMS for them too, or untick them.',
    ar: 'فيه خطوات رسايلها مش هتوصل لحد: متعلّم عليها بس قناة المتجر لسه مش بيبعت عليها. علّم على SMS ليها كمان، أو شيل العلامة.',
  },
  staff_password_changed: {
    en: 'Your password was changed. Your other devices were signed out',
    ar: 'كلمة السر اتغيرت. واتعمل تسجيل خروج من أجهزتك التانية',
  },
  staff_totp_disabled: {
    en: 'The authenticator app was turned off for your account',
    ar: 'تطبيق المصادقة اتقفل لحسابك',
  },
  staff_totp_code_wrong: {
    en: 'This code is not right: check that the time on your phone is correct and type the code shown now',
    ar: 'الكود ده مش صح: اتأكد إن الساعة على موبايلك مظبوطة واكتب الكود اللي ظاهر دلوقتي',
  },
  staff_totp_not_started: {
    en: 'Start setting up the authenticator app first',
    ar: 'ابدأ إعداد تطبيق المصادقة الأول',
  },
  password_is_email: {
    en: 'The password cannot be the email address',
    ar: 'كلمة السر مينفعش تكون الإيميل',
  },
  /* ---- back office: the catalog (issue 17) ---- */
  price_invalid: {
    en: 'must be an amount in EGP with at most 2 decimals',
    ar: 'لازم يكون مبلغ بالجنيه وبحد أقصى رقمين بعد العلامة',
  },
  must_be_more_than: { en: 'must be more than {min}', ar: 'لازم يكون أكبر من {min}' },
  must_be_number: { en: 'must be a number', ar: 'لازم يكون رقم' },
  set_on_variants: {
    en: 'This product is sold in variants: set the price and stock of each variant below',
    ar: 'المنتج ده بيتباع بأنواع: حدد السعر والمخزون لكل نوع تحت',
  },
  promotion_price_not_below: {
    en: 'The promotion price must be lower than the price',
    ar: 'سعر العرض لازم يكون أقل من السعر',
  },
  promote_percent_range: {
    en: 'The discount must be between 1% and 90%',
    ar: 'الخصم لازم يكون بين 1% و 90%',
  },
  price_percent_range: {
    en: 'The change must be between -90% and +500%, and not 0',
    ar: 'التغيير لازم يكون بين -90% و +500%، ومش صفر',
  },
  product_changed: {
    en: 'Someone else changed this product meanwhile. Reload it to see their change, then edit again',
    ar: 'حد تاني عدّل المنتج ده في نفس الوقت. حدّث الصفحة عشان تشوف التعديل، وبعدين عدّل تاني',
  },
  product_hidden_in_orders: {
    en: 'This product is in orders, so it was hidden from the store instead of deleted',
    ar: 'المنتج ده موجود في طلبات، فاتخفى من المتجر بدل ما يتمسح',
  },
  category_not_found: { en: 'Category not found', ar: 'القسم ده مش موجود' },
  /* ---- back office: the storefront's content (issue 17) ---- */
  content_changed: {
    en: 'Someone else changed this meanwhile. Reload to see their change, then edit again',
    ar: 'حد تاني عدّل هنا في نفس الوقت. حدّث الصفحة عشان تشوف التعديل، وبعدين عدّل تاني',
  },
  setting_unknown: { en: 'This setting does not exist', ar: 'الإعداد ده مش موجود' },
  setting_is_image: {
    en: 'This setting is a picture: upload a file for it',
    ar: 'الإعداد ده صورة: ارفع ملف ليه',
  },
  link_invalid: {
    en: 'must be a page of the store starting with / or an address starting with https://',
    ar: 'لازم يكون صفحة في المتجر تبدأ بـ / أو عنوان يبدأ بـ https://',
  },
  content_file_required: { en: 'Choose a picture to upload', ar: 'اختار صورة عشان ترفعها' },
  content_image_type: {
    en: 'The picture must be a JPEG, PNG, WebP or SVG file',
    ar: 'الصورة لازم تكون ملف JPEG أو PNG أو WebP أو SVG',
  },
  content_image_too_small: {
    en: 'The picture is too small: at least {min} pixels wide',
    ar: 'الصورة صغيرة أوي: لازم عرضها يكون {min} بكسل على الأقل',
  },
  content_image_too_big: {
    en: 'The picture is too big: at most {max} pixels on each side',
    ar: 'الصورة كبيرة أوي: أقصى حد {max} بكسل في كل ناحية',
  },
  content_image_too_many_pixels: {
    en: 'The picture has too many pixels: at most {max} megapixels (8000×5000, for example)',
    ar: 'الصورة فيها بكسلات كتير أوي: أقصى حد {max} ميجابكسل (زي 8000×5000)',
  },
  content_image_unreadable: {
    en: 'The picture could not be read, it may be cut short or damaged. Save it again and upload it',
    ar: 'معرفناش نقرا الصورة، ممكن تكون ناقصة أو بايظة. احفظها تاني وارفعها',
  },
  content_file_too_large: {
    en: 'The file is larger than {max} MB',
    ar: 'الملف أكبر من {max} ميجا',
  },
  phone_invalid: {
    en: 'must be a phone number: digits only (3 to 15), + allowed at the start',
    ar: 'لازم يكون رقم تليفون: أرقام بس (من 3 لـ 15)، ومسموح بـ + في الأول',
  },
  delivery_days_order: {
    en: 'The latest day cannot be before the soonest',
    ar: 'آخر يوم مينفعش يكون قبل أول يوم',
  },
  zone_name_taken: {
    en: 'Another delivery zone already has this name',
    ar: 'فيه منطقة توصيل تانية بنفس الاسم ده',
  },
  zone_not_found: { en: 'Delivery zone not found', ar: 'منطقة التوصيل دي مش موجودة' },
  branch_not_found: { en: 'Branch not found', ar: 'الفرع ده مش موجود' },
  bank_not_found: { en: 'Bank not found', ar: 'البنك ده مش موجود' },
  plan_not_found: { en: 'Installment plan not found', ar: 'خطة التقسيط دي مش موجودة' },
  zone_switched_off_in_use: {
    en: 'Customers’ addresses are in this zone, so it was switched off instead of deleted',
    ar: 'فيه عناوين عملاء في المنطقة دي، فاتقفلت بدل ما تتمسح',
  },
  plan_switched_off_in_orders: {
    en: 'Orders used this plan, so it was switched off instead of deleted',
    ar: 'فيه طلبات اتعملت بالخطة دي، فاتقفلت بدل ما تتمسح',
  },
  bank_switched_off_in_orders: {
    en: 'Orders used a plan of this bank, so the bank was switched off instead of deleted',
    ar: 'فيه طلبات اتعملت بخطة من البنك ده، فالبنك اتقفل بدل ما يتمسح',
  },
  /* ---- back office: categories, brands, promotions (issue 17) ---- */
  category_changed: {
    en: 'Someone else changed this category meanwhile. Reload to see their change, then edit again',
    ar: 'حد تاني عدّل القسم ده في نفس الوقت. حدّث الصفحة عشان تشوف التعديل، وبعدين عدّل تاني',
  },
  categories_changed: {
    en: 'The categories here changed meanwhile (one was added or moved). Reload and try again',
    ar: 'الأقسام هنا اتغيرت في نفس الوقت (قسم اتضاف أو اتنقل). حدّث الصفحة وحاول تاني',
  },
  category_too_deep: {
    en: 'Categories go three levels deep at most: this would make a fourth level',
    ar: 'الأقسام بتنزل 3 مستويات بس: كده هيبقى فيه مستوى رابع',
  },
  category_own_ancestor: {
    en: 'A category cannot go under itself or under one of its own sub-categories',
    ar: 'مينفعش القسم يتحط جوه نفسه أو جوه قسم من الأقسام اللي تحته',
  },
  category_has_children: {
    en: 'This category has {n} sub-categories: move or delete them first',
    ar: 'القسم ده تحته {n} أقسام فرعية: انقلها أو امسحها الأول',
  },
  category_has_products: {
    en: 'This category has {n} products: move them to another category first',
    ar: 'القسم ده فيه {n} منتج: انقلهم لقسم تاني الأول',
  },
  brand_changed: {
    en: 'Someone else changed this brand meanwhile. Reload to see their change, then edit again',
    ar: 'حد تاني عدّل الماركة دي في نفس الوقت. حدّث الصفحة عشان تشوف التعديل، وبعدين عدّل تاني',
  },
  brand_has_products: {
    en: '{n} products are of this brand: give them another brand first',
    ar: 'فيه {n} منتج من الماركة دي: غيّر ماركتهم الأول',
  },
  synonym_no_letters: {
    en: 'must hold a letter or a digit',
    ar: 'لازم يكون فيه حرف أو رقم',
  },
  synonym_too_many_words: {
    en: 'is too many words (at most {max}: the search reads a phrase of up to {max} words as one)',
    ar: 'كلام كتير أوي (أقصى حد {max} كلمات: البحث بيقرا لحد {max} كلمات مع بعض كأنهم كلمة واحدة)',
  },
  synonym_same_words: {
    en: 'is the same as the word it stands for',
    ar: 'هي نفس الكلمة اللي بتدور عليها',
  },
  synonym_exists: {
    en: 'This synonym is already there',
    ar: 'المرادف ده موجود قبل كده',
  },
  synonym_not_found: { en: 'Synonym not found', ar: 'المرادف ده مش موجود' },
  promotion_changed: {
    en: 'Someone else changed this promotion meanwhile. Reload to see their change, then edit again',
    ar: 'حد تاني عدّل العرض ده في نفس الوقت. حدّث الصفحة عشان تشوف التعديل، وبعدين عدّل تاني',
  },
  slug_taken: {
    en: 'Another promotion already uses this address',
    ar: 'فيه عرض تاني واخد العنوان ده',
  },
  invalid_date: { en: 'must be a date and time', ar: 'لازم يكون تاريخ ووقت' },
  ends_before_starts: {
    en: 'The end must come after the start',
    ar: 'النهاية لازم تكون بعد البداية',
  },
  invalid_icon_url: {
    en: 'must be an address starting with https:// or an uploaded icon',
    ar: 'لازم يكون عنوان بيبدأ بـ https:// أو أيقونة مرفوعة',
  },
  icon_file_required: { en: 'Choose an icon file', ar: 'اختار ملف الأيقونة' },
  icon_type: {
    en: 'The icon must be an SVG, PNG or WebP picture',
    ar: 'الأيقونة لازم تكون صورة SVG أو PNG أو WebP',
  },
  icon_too_large: {
    en: 'The icon is too large (at most {max} KB)',
    ar: 'الأيقونة كبيرة أوي (أقصى حد {max} كيلوبايت)',
  },
  icon_dimensions: {
    en: 'The icon must be between 16 and 4096 pixels wide and high',
    ar: 'عرض وطول الأيقونة لازم يكونوا بين 16 و 4096 بكسل',
  },
  icon_unreadable: {
    en: 'The icon could not be read, it may be cut short or damaged. Save it again and upload it',
    ar: 'معرفناش نقرا الأيقونة، ممكن تكون ناقصة أو بايظة. احفظها تاني وارفعها',
  },
  /* ---- uploaded SVG drawings (icons, the home page's pictures; {values} names what was found) ---- */
  svg_not_allowed: {
    en:
      'The SVG holds {values}, which is not allowed: only a drawing is taken (shapes, paths, text, gradients, ' +
      'links only to its own parts). Remove it, or upload a PNG',
    ar:
      'ملف الـ SVG فيه {values}، ودي مش مسموحة: بناخد رسمة بس (أشكال وخطوط ونصوص وتدرّج ألوان، والروابط لأجزاء ' +
      'الملف نفسه بس). شيلها أو ارفع الصورة PNG',
  },
  svg_malformed: {
    en: 'The SVG could not be read: it is not well-formed XML. Save it again from the drawing program',
    ar: 'معرفناش نقرا ملف الـ SVG: الـ XML بتاعه مش سليم. احفظه تاني من برنامج الرسم',
  },
  uploads_unavailable: {
    en: 'Uploads are not available on this server',
    ar: 'رفع الملفات مش متاح على السيرفر ده',
  },
  /* ---- back office: product images (issue 17; {name} is the file's name) ---- */
  image_type_not_allowed: {
    en: '“{name}” is not a photo we take (JPEG, PNG, WebP or AVIF) or a 3D model (.glb)',
    ar: 'الملف «{name}» مش صورة من الأنواع المسموحة (JPEG أو PNG أو WebP أو AVIF) ولا موديل 3D ‏(.glb)',
  },
  image_unreadable: {
    en: '“{name}” could not be read as a photo, it may be damaged. Save it again and upload it',
    ar: 'معرفناش نقرا الصورة «{name}»، ممكن تكون بايظة. احفظها تاني وارفعها',
  },
  image_too_small: {
    en: '“{name}” is {width}×{height} pixels: a photo must be at least {min}×{min}',
    ar: 'الصورة «{name}» مقاسها {width}×{height} بكسل: لازم تكون {min}×{min} على الأقل',
  },
  image_too_large_pixels: {
    en: '“{name}” is {width}×{height} pixels: a photo must be at most {max}×{max}',
    ar: 'الصورة «{name}» مقاسها {width}×{height} بكسل: لازم متزيدش عن {max}×{max}',
  },
  image_too_many_pixels: {
    en: '“{name}” is {width}×{height} pixels: a photo may have at most {max} megapixels (8000×5000, for example)',
    ar: 'الصورة «{name}» مقاسها {width}×{height} بكسل: أقصى حد {max} ميجابكسل (زي 8000×5000)',
  },
  file_too_large: {
    en: '“{name}” is larger than {max} MB',
    ar: 'الملف «{name}» أكبر من {max} ميجا',
  },
  model_invalid: {
    en: '“{name}” is not a valid 3D model: it must be a binary glTF 2.0 file (.glb)',
    ar: 'الملف «{name}» مش موديل 3D سليم: لازم يكون ملف glTF 2.0 بصيغة ‎.glb',
  },
  model_already_present: {
    en: '“{name}”: this product already has a 3D model. Delete it first to upload another one',
    ar: '«{name}»: المنتج ده عنده موديل 3D خلاص. امسحه الأول عشان ترفع واحد تاني',
  },
  model_only_one: {
    en: '“{name}”: a product has one 3D model only, upload one at a time',
    ar: '«{name}»: المنتج ليه موديل 3D واحد بس، ارفع واحد بس',
  },
  images_file_required: {
    en: 'Choose at least one photo or 3D model to upload',
    ar: 'اختار صورة أو موديل 3D واحد على الأقل عشان ترفعه',
  },
  images_too_many_files: {
    en: 'At most {max} files can be uploaded at once',
    ar: 'تقدر ترفع {max} ملفات بالكتير في المرة الواحدة',
  },
  images_order_mismatch: {
    en: 'The new order must list each of this product’s images once. Reload the page and try again',
    ar: 'الترتيب الجديد لازم يكون فيه كل صورة من صور المنتج مرة واحدة. حدّث الصفحة وحاول تاني',
  },
  image_not_found: { en: 'Image not found', ar: 'الصورة دي مش موجودة' },
  /* ---- back office: products import and export (issue 17) ---- */
  import_not_found: { en: 'Import not found', ar: 'الاستيراد ده مش موجود' },
  import_file_required: { en: 'Choose a CSV or XLSX file', ar: 'اختار ملف CSV أو XLSX' },
  import_file_unreadable: {
    en: 'The file could not be read. Save it as CSV (UTF-8) or XLSX and try again',
    ar: 'معرفناش نقرا الملف. احفظه CSV (UTF-8) أو XLSX وجرّب تاني',
  },
  import_file_too_large: {
    en: 'The file is too large (at most {max} MB)',
    ar: 'الملف كبير أوي (أقصى حد {max} ميجا)',
  },
  import_file_empty: {
    en: 'The file has no products: a header row and at least one row are needed',
    ar: 'الملف مفيهوش منتجات: لازم صف العناوين وصف واحد على الأقل',
  },
  import_too_many_rows: {
    en: 'The file has too many rows (at most {max}); split it into several files',
    ar: 'الملف فيه صفوف كتير أوي (أقصى حد {max})؛ قسّمه على كذا ملف',
  },
  import_unclosed_quote: {
    en: 'A quote opened in row {n} is never closed',
    ar: 'فيه علامة تنصيص (") اتفتحت في الصف {n} ومتقفلتش',
  },
  import_unknown_columns: {
    en: 'Unknown columns in the header row: {values}. Use the columns of the template',
    ar: 'فيه أعمدة مش معروفة في صف العناوين: {values}. استخدم أعمدة النموذج',
  },
  import_duplicate_columns: {
    en: 'These columns appear more than once in the header row: {values}',
    ar: 'الأعمدة دي متكررة في صف العناوين: {values}',
  },
  import_missing_columns: {
    en: 'Without an id column every row is a new product, so these columns are needed: {values}',
    ar: 'من غير عمود id كل صف هيبقى منتج جديد، فلازم الأعمدة دي: {values}',
  },
  import_duplicate_id: {
    en: 'This product is already changed by row {n} of the file',
    ar: 'المنتج ده اتعدل قبل كده في الصف {n} من الملف',
  },
  import_boolean_invalid: {
    en: 'must be true or false (also 1/0, yes/no, نعم/لا)',
    ar: 'لازم يكون true أو false (أو 1/0، yes/no، نعم/لا)',
  },
  category_ambiguous: {
    en: 'More than one category has this name; write its path, like "Parent > Child"',
    ar: 'فيه أكتر من قسم بالاسم ده؛ اكتب المسار، زي "القسم الرئيسي > القسم الفرعي"',
  },
  brand_ambiguous: {
    en: 'More than one brand has this name; write the other language’s name',
    ar: 'فيه أكتر من ماركة بالاسم ده؛ اكتب اسمها باللغة التانية',
  },
  spec_row_invalid: {
    en: 'each specification needs 4 parts: key_en | key_ar | value_en | value_ar',
    ar: 'كل مواصفة محتاجة 4 أجزاء: key_en | key_ar | value_en | value_ar',
  },
  image_url_invalid: {
    en: 'each image must be an /uploads/... path or an https:// address',
    ar: 'كل صورة لازم تكون مسار /uploads/... أو عنوان يبدأ بـ https://',
  },
  import_interrupted: {
    en: 'The import stopped because of an error; the rows already done are kept',
    ar: 'الاستيراد وقف بسبب مشكلة؛ الصفوف اللي خلصت اتحفظت',
  },
  import_file_too_complex: {
    en: 'The file is too heavy to read: it unpacks to too much, or takes too long. Save it as CSV (UTF-8), or split it into several files',
    ar: 'الملف تقيل أوي في القراية: بيفك لحجم كبير أوي أو بياخد وقت طويل. احفظه CSV (UTF-8) أو قسّمه على كذا ملف',
  },
  import_too_many_cells: {
    en: 'The file has too many cells (at most {max}, blank rows included); delete the empty rows and columns, or split it into several files',
    ar: 'الملف فيه خانات كتير أوي (أقصى حد {max}، والصفوف الفاضية بتتحسب)؛ امسح الصفوف والأعمدة الفاضية أو قسّمه على كذا ملف',
  },
  import_busy: {
    en: 'Another file is being read right now. Try again in a few seconds',
    ar: 'فيه ملف تاني بيتقري دلوقتي. جرّب تاني بعد كام ثانية',
  },
  import_updated_at_invalid: {
    en: 'must stay as the export wrote it (like 2026-11-28T10:15:00.000Z); export the products again, or empty it to set the row as it is',
    ar: 'لازم يفضل زي ما التصدير كتبه (زي 2026-11-28T10:15:00.000Z)؛ صدّر المنتجات تاني، أو فضّيه عشان الصف يتحط زي ما هو',
  },
  import_product_changed: {
    en: 'This product was changed in the store on {time}, after this file was exported, so this row would undo that change. Export the products again and make the change there',
    ar: 'المنتج ده اتعدّل في المتجر يوم {time}، بعد ما الملف ده اتصدّر، فالصف ده كان هيلغي التعديل ده. صدّر المنتجات تاني واعمل التعديل فيها',
  },
  // The invoice and credit note PDF (issue 47, modules/invoices/pdf.ts).
  invoice_title: { en: 'Tax Invoice', ar: 'فاتورة ضريبية' },
  credit_note_title: { en: 'Credit Note', ar: 'إشعار دائن' },
  invoice_number: { en: 'Invoice number', ar: 'رقم الفاتورة' },
  credit_note_number: { en: 'Credit note number', ar: 'رقم الإشعار' },
  invoice_date: { en: 'Date', ar: 'التاريخ' },
  invoice_order: { en: 'Order', ar: 'رقم الطلب' },
  invoice_payment_method: { en: 'Payment method', ar: 'طريقة الدفع' },
  invoice_seller_tax_id: { en: 'Tax registration number', ar: 'رقم التسجيل الضريبي' },
  invoice_bill_to: { en: 'Customer', ar: 'العميل' },
  invoice_delivery_address: { en: 'Delivery address', ar: 'عنوان التوصيل' },
  // The delivery address's numbers with their labels, as the site writes an address (modules/orders/invoice-documents.ts).
  invoice_address_building: { en: 'Building {value}', ar: 'عمارة {value}' },
  invoice_address_floor: { en: 'Floor {value}', ar: 'الدور {value}' },
  invoice_address_apartment: { en: 'Apartment {value}', ar: 'شقة {value}' },
  // The payment method as a label on its own, as the order page names it (pay_method_* stand inside a sentence).
  invoice_pay_method_online: { en: 'Paid online', ar: 'دفع أونلاين' },
  invoice_pay_method_cash: { en: 'Cash on delivery', ar: 'كاش عند الاستلام' },
  invoice_pay_method_visa_on_delivery: { en: 'Card on delivery', ar: 'فيزا عند الاستلام' },
  invoice_pay_method_visa_on_delivery_installments: {
    en: 'Card on delivery, installments',
    ar: 'فيزا عند الاستلام بالتقسيط',
  },
  invoice_item: { en: 'Item', ar: 'الصنف' },
  invoice_quantity: { en: 'Qty', ar: 'الكمية' },
  invoice_net: { en: 'Net', ar: 'الصافي' },
  invoice_vat: { en: 'VAT', ar: 'الضريبة' },
  invoice_gross: { en: 'Total', ar: 'الإجمالي' },
  invoice_subtotal_net: { en: 'Total before VAT', ar: 'الإجمالي قبل الضريبة' },
  invoice_vat_total: { en: 'Value added tax', ar: 'ضريبة القيمة المضافة' },
  invoice_delivery: { en: 'Delivery', ar: 'التوصيل' },
  invoice_total: { en: 'Total (EGP)', ar: 'الإجمالي (ج.م)' },
  invoice_prices_include_vat: {
    en: 'Prices include value added tax.',
    ar: 'الأسعار شاملة ضريبة القيمة المضافة.',
  },
  invoice_qr_note: {
    en: 'Scan the code to check this document.',
    ar: 'امسح الكود عشان تتأكد من المستند ده.',
  },
  // Wiring invoices, VAT and e-receipts into orders (issue 47).
  vat_rate_invalid: {
    en: 'must be a VAT rate in percent, from 0 to 100, with at most 2 decimals (like 5)',
    ar: 'لازم تكون نسبة ضريبة بالمية، من 0 لحد 100، وبحد أقصى رقمين بعد العلامة (زي 5)',
  },
  import_tax_class_invalid: {
    en: 'must be standard, exempt, or a VAT rate in percent like 5',
    ar: 'لازم تكون standard أو exempt أو نسبة ضريبة بالمية زي 5',
  },
  invoice_not_found: { en: 'This order has no invoice yet', ar: 'الطلب ده لسه مالوش فاتورة' },
  credit_note_not_found: { en: 'Credit note not found', ar: 'الإشعار الدائن ده مش موجود' },
  e_receipt_not_resubmittable: {
    en: 'Only a receipt the Tax Authority rejected or could not be reached for can be sent again',
    ar: 'ينفع تبعت تاني الإيصال اللي مصلحة الضرايب رفضته أو اللي موصلهاش بس',
  },
  e_receipts_off: {
    en: 'E-receipts are off in this store (ETA_RECEIPTS)',
    ar: 'الإيصالات الإلكترونية مقفولة في المتجر ده (ETA_RECEIPTS)',
  },
  // A refund by hand marked done (issue 47 item 4).
  payment_not_refund_required: {
    en: 'This payment is not waiting for its money to go back',
    ar: 'الدفعة دي مش مستنية إن فلوسها ترجع',
  },
  payment_reversal_in_progress: {
    en: 'The payment gateway is still giving this money back; wait for its answer',
    ar: 'بوابة الدفع لسه بترجّع الفلوس دي، استنى ردها',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type ApiMessageKey = keyof typeof apiMessages;

export function apiMessage(
  key: ApiMessageKey,
  locale: Locale,
  params: Record<string, string | number> = {},
): string {
  const text: string = apiMessages[key][locale] ?? apiMessages[key].en;
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}
